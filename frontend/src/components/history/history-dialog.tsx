import { Dialog } from '@/components/dialog/dialog.tsx';
import { HistoryPanel } from './history-panel.tsx';

interface HistoryDialogProps {
  entityType: string;
  entityId: string;
  itemName: string;
  onClose: () => void;
}

/** The History panel in a dialog, for screens that list many entities (the catalogue manager's rows). */
export function HistoryDialog({ entityType, entityId, itemName, onClose }: HistoryDialogProps) {
  return (
    <Dialog open size="wide" title={`History of ${itemName}`} onClose={onClose}>
      <HistoryPanel entityType={entityType} entityId={entityId} itemName={itemName} />
    </Dialog>
  );
}
