import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { adminProductsQueryOptions, type AdminProduct } from '../api/get-admin-products.ts';
import { useReorderProducts } from '../api/reorder-products.ts';
import { moveItem, sameOrder } from '../move-item.ts';
import { failureMessage } from './failure-message.ts';

interface DisplayOrderEditorProps {
  products: AdminProduct[];
  onClose: () => void;
}

type Direction = 'up' | 'down';

const ids = (products: readonly AdminProduct[]) => products.map((product) => product.productId);

/** Reorders a draft locally with Move up / Move down, then sends the whole order in one command. */
export function DisplayOrderEditor({ products, onClose }: DisplayOrderEditorProps) {
  const [draft, setDraft] = useState(products);
  const [announcement, setAnnouncement] = useState('');
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef<string | null>(null);
  const reorder = useReorderProducts();
  const queryClient = useQueryClient();
  const toast = useToast();
  const changed = !sameOrder(ids(draft), ids(products));

  // The moved row changes place in the DOM, so put focus back on its button; at either end that button
  // is disabled, so fall back to the one pointing the other way.
  useLayoutEffect(() => {
    if (focusAfterMove.current === null) return;
    moveButtons.current.get(focusAfterMove.current)?.focus();
    focusAfterMove.current = null;
  }, [draft]);

  const move = (index: number, direction: Direction) => {
    const moved = draft[index];
    if (moved === undefined) return;
    const newIndex = direction === 'up' ? index - 1 : index + 1;
    const canContinue = direction === 'up' ? newIndex > 0 : newIndex < draft.length - 1;
    const focusDirection: Direction = canContinue ? direction : direction === 'up' ? 'down' : 'up';
    focusAfterMove.current = `${moved.productId}:${focusDirection}`;
    setDraft(moveItem(draft, index, direction === 'up' ? -1 : 1));
    setAnnouncement(`${moved.name} moved to position ${newIndex + 1} of ${draft.length}.`);
  };

  const save = () =>
    reorder.mutate(ids(draft), {
      onSuccess: () => {
        toast.success('Display order saved.');
        onClose();
      },
      onError: (error) => {
        toast.error(failureMessage('Could not save the display order', error));
        if (error instanceof ApiError && error.status === 409) {
          const latest = queryClient.getQueryData(adminProductsQueryOptions().queryKey);
          if (latest !== undefined) setDraft(latest);
        }
      },
    });

  const setMoveButton = (key: string) => (button: HTMLButtonElement | null) => {
    if (button === null) moveButtons.current.delete(key);
    else moveButtons.current.set(key, button);
  };

  return (
    <div className="display-order-editor">
      <p className="display-order-editor__hint">
        Move products up or down, then save. Hidden products keep their place for when they are shown again.
      </p>
      <ol className="display-order-list" aria-label="Display order of products">
        {draft.map((product, index) => (
          <li key={product.productId} className="display-order-row">
            <span className="display-order-row__position" aria-hidden="true">
              {index + 1}
            </span>
            <span className="display-order-row__name">
              {product.name}
              {!product.visible && <span className="badge badge--muted product-row__badge">Hidden</span>}
            </span>
            <span className="display-order-row__actions">
              <button
                ref={setMoveButton(`${product.productId}:up`)}
                type="button"
                className="button button--secondary button--small"
                onClick={() => move(index, 'up')}
                disabled={index === 0 || reorder.isPending}
                aria-label={`Move ${product.name} up`}
              >
                <span aria-hidden="true">↑</span> Move up
              </button>
              <button
                ref={setMoveButton(`${product.productId}:down`)}
                type="button"
                className="button button--secondary button--small"
                onClick={() => move(index, 'down')}
                disabled={index === draft.length - 1 || reorder.isPending}
                aria-label={`Move ${product.name} down`}
              >
                <span aria-hidden="true">↓</span> Move down
              </button>
            </span>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <div className="display-order-editor__actions">
        <button type="button" className="button button--primary" onClick={save} disabled={!changed || reorder.isPending}>
          {reorder.isPending ? 'Saving…' : 'Save order'}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose} disabled={reorder.isPending}>
          Cancel
        </button>
      </div>
    </div>
  );
}
