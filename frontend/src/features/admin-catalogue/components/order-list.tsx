import { useLayoutEffect, useRef, useState } from 'react';
import { useReportUnsavedOrder } from '../unsaved-orders.ts';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { moveItem, sameOrder } from '../move-item.ts';
import { failureMessage } from './failure-message.ts';
import type { MutationCallbacks } from './mutation-callbacks.ts';
import type { NamedItem } from './named-item-row.tsx';

interface OrderListProps {
  /** In the saved display order. */
  items: NamedItem[];
  /** 'product', 'subproduct' or 'detail': names the list, its buttons and its messages. */
  noun: string;
  /** Products and subproducts can be selected to order what is under them; details cannot. */
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  saving: boolean;
  save: (ids: string[], callbacks: MutationCallbacks) => void;
  visibilityPendingId: string | null;
  setVisible: (item: NamedItem, visible: boolean, callbacks: MutationCallbacks) => void;
}

type Direction = 'up' | 'down';

const idsOf = (items: readonly NamedItem[]) => items.map((item) => item.id);

const sameMembers = (left: readonly string[], right: readonly string[]) =>
  left.length === right.length && [...left].sort().join() === [...right].sort().join();

/**
 * One list of the display order view: a local draft reordered with Move up / Move down (focus follows
 * the moved item, a polite live region says where it went), saved as one order command. Show/Hide
 * applies at once. The draft is dropped when the saved list gains or loses an item.
 */
export function OrderList({
  items,
  noun,
  selectedId = null,
  onSelect,
  saving,
  save,
  visibilityPendingId,
  setVisible,
}: OrderListProps) {
  const [draft, setDraft] = useState<string[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef<string | null>(null);
  const toast = useToast();

  const savedIds = idsOf(items);
  const order = draft !== null && sameMembers(draft, savedIds) ? draft : savedIds;
  const byId = new Map(items.map((item) => [item.id, item]));
  const ordered = order.flatMap((id) => byId.get(id) ?? []);
  const changed = !sameOrder(order, savedIds);
  useReportUnsavedOrder(changed);

  // The moved row changes place in the DOM, so put focus back on its button; at either end that button
  // is disabled, so fall back to the one pointing the other way.
  useLayoutEffect(() => {
    if (focusAfterMove.current === null) return;
    moveButtons.current.get(focusAfterMove.current)?.focus();
    focusAfterMove.current = null;
  }, [draft]);

  const move = (index: number, direction: Direction) => {
    const moved = ordered[index];
    if (moved === undefined) return;
    const newIndex = direction === 'up' ? index - 1 : index + 1;
    const canContinue = direction === 'up' ? newIndex > 0 : newIndex < ordered.length - 1;
    const focusDirection: Direction = canContinue ? direction : direction === 'up' ? 'down' : 'up';
    focusAfterMove.current = `${moved.id}:${focusDirection}`;
    setDraft(moveItem(order, index, direction === 'up' ? -1 : 1));
    setAnnouncement(`${moved.name} moved to position ${newIndex + 1} of ${ordered.length}.`);
  };

  const saveOrder = () =>
    save(order, {
      onSuccess: () => {
        setDraft(null);
        toast.success('Display order saved.');
      },
      onError: (error) => {
        toast.error(failureMessage('Could not save the display order', error));
        // Someone else changed the list: start again from the fresh one.
        if (error instanceof ApiError && error.status === 409) setDraft(null);
      },
    });

  const toggleVisibility = (item: NamedItem) => {
    const visible = !item.visible;
    setVisible(item, visible, {
      onSuccess: () =>
        toast.success(
          visible ? `“${item.name}” is shown in the shop again.` : `“${item.name}” is now hidden from the shop.`,
        ),
      onError: (error) =>
        toast.error(failureMessage(visible ? `Could not show the ${noun}` : `Could not hide the ${noun}`, error)),
    });
  };

  const setMoveButton = (key: string) => (button: HTMLButtonElement | null) => {
    if (button === null) moveButtons.current.delete(key);
    else moveButtons.current.set(key, button);
  };

  if (items.length === 0) return <p className="state-message">No {noun}s yet</p>;

  return (
    <div className="order-list">
      <ol className="display-order-list" aria-label={`Display order of ${noun}s`}>
        {ordered.map((item, index) => (
          <li
            key={item.id}
            className={`display-order-row${item.id === selectedId ? ' display-order-row--selected' : ''}${item.visible ? '' : ' display-order-row--hidden'}`}
          >
            <span className="display-order-row__position" aria-hidden="true">
              {index + 1}
            </span>
            <span className="display-order-row__title">
              {onSelect === undefined ? (
                <span className={`display-order-row__name ${noun}-row__name`}>{item.name}</span>
              ) : (
                <button
                  type="button"
                  className={`catalogue-row__select ${noun}-row__name`}
                  aria-pressed={item.id === selectedId}
                  onClick={() => onSelect(item.id)}
                >
                  {item.name}
                </button>
              )}
              {!item.visible && <span className="badge badge--muted">Hidden</span>}
            </span>
            <span className="display-order-row__actions">
              <button
                ref={setMoveButton(`${item.id}:up`)}
                type="button"
                className="button button--secondary button--small"
                onClick={() => move(index, 'up')}
                disabled={index === 0 || saving}
                aria-label={`Move ${item.name} up`}
              >
                <span aria-hidden="true">↑</span> Up
              </button>
              <button
                ref={setMoveButton(`${item.id}:down`)}
                type="button"
                className="button button--secondary button--small"
                onClick={() => move(index, 'down')}
                disabled={index === ordered.length - 1 || saving}
                aria-label={`Move ${item.name} down`}
              >
                <span aria-hidden="true">↓</span> Down
              </button>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => toggleVisibility(item)}
                disabled={visibilityPendingId === item.id}
                aria-label={`${item.visible ? 'Hide' : 'Show'} ${item.name}`}
              >
                {item.visible ? 'Hide' : 'Show'}
              </button>
            </span>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <div className="display-order-editor__actions">
        <button
          type="button"
          className="button button--primary button--small"
          onClick={saveOrder}
          disabled={!changed || saving}
        >
          {saving ? 'Saving…' : 'Save order'}
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setDraft(null)}
          disabled={!changed || saving}
        >
          Undo changes
        </button>
      </div>
    </div>
  );
}
