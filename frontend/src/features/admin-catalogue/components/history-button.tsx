import { useState } from 'react';
import type { AuditEntityType } from '../api/get-catalogue-audit.ts';
import { HistoryDialog } from './history-dialog.tsx';

interface HistoryButtonProps {
  entityType: AuditEntityType;
  entityId: string;
  itemName: string;
}

export function HistoryButton({ entityType, entityId, itemName }: HistoryButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => setOpen(true)}
        aria-label={`History of ${itemName}`}
        aria-haspopup="dialog"
      >
        History
      </button>
      {open && <HistoryDialog entityType={entityType} entityId={entityId} itemName={itemName} onClose={() => setOpen(false)} />}
    </>
  );
}
