import { useToast } from '@/components/toast/toast-provider.tsx';
import { HistoryButton } from '@/components/history/history-button.tsx';
import { capitalised } from './capitalised.ts';
import { failureMessage } from './failure-message.ts';
import type { MutationCallbacks } from './mutation-callbacks.ts';

interface CatalogueItemActionsProps {
  /** Names the messages and the audit log's entity type. */
  noun: 'product' | 'subproduct' | 'detail';
  item: { id: string; name: string; visible: boolean };
  busy: boolean;
  deleteConfirmation: string;
  setVisible: (visible: boolean, callbacks: MutationCallbacks) => void;
  remove: (callbacks: MutationCallbacks) => void;
  onDeleted: () => void;
}

/**
 * The buttons every catalogue item (product, subproduct, detail) ends its row with: Show or Hide, its
 * History, and Delete after the confirmation, each change told in a toast.
 */
export function CatalogueItemActions({
  noun,
  item,
  busy,
  deleteConfirmation,
  setVisible,
  remove,
  onDeleted,
}: CatalogueItemActionsProps) {
  const toast = useToast();

  const toggleVisibility = () => {
    const visible = !item.visible;
    setVisible(visible, {
      onSuccess: () =>
        toast.success(
          visible ? `“${item.name}” is shown in the shop again.` : `“${item.name}” is now hidden from the shop.`,
        ),
      onError: (error) =>
        toast.error(failureMessage(visible ? `Could not show the ${noun}` : `Could not hide the ${noun}`, error)),
    });
  };

  const confirmAndRemove = () => {
    if (!window.confirm(deleteConfirmation)) return;
    remove({
      onSuccess: () => {
        toast.success(`${capitalised(noun)} “${item.name}” deleted.`);
        onDeleted();
      },
      onError: (error) => toast.error(failureMessage(`Could not delete the ${noun}`, error)),
    });
  };

  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={toggleVisibility}
        disabled={busy}
        aria-label={`${item.visible ? 'Hide' : 'Show'} ${item.name}`}
      >
        {item.visible ? 'Hide' : 'Show'}
      </button>
      <HistoryButton entityType={noun} entityId={item.id} itemName={item.name} />
      <button
        type="button"
        className="button button--danger button--small"
        onClick={confirmAndRemove}
        disabled={busy}
        aria-label={`Delete ${item.name}`}
      >
        Delete
      </button>
    </>
  );
}
