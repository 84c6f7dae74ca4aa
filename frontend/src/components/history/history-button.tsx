import { useState } from 'react';
import { HistoryDialog } from './history-dialog.tsx';

interface HistoryButtonProps {
  /** The audit log's entity type: product, subproduct, detail, order, service, … */
  entityType: string;
  /** '' for an entity that is a whole stream (the blog): its history is every entry of the type. */
  entityId: string;
  itemName: string;
}

/** Opens an entity's History panel in a dialog. */
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
      {open && (
        <HistoryDialog entityType={entityType} entityId={entityId} itemName={itemName} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
