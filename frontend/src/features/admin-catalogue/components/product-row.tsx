import { useRef, useState } from 'react';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { useDeleteProduct } from '../api/delete-product.ts';
import type { AdminProduct } from '../api/get-admin-products.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { failureMessage, fieldError } from './failure-message.ts';
import { ProductNameForm } from './product-name-form.tsx';

export const deleteProductConfirmation = 'Are you sure you want to delete this product and all its subproducts?';

interface ProductRowProps {
  product: AdminProduct;
  editing: boolean;
  onEdit: () => void;
  onEditDone: () => void;
  onDeleted: () => void;
}

export function ProductRow({ product, editing, onEdit, onEditDone, onDeleted }: ProductRowProps) {
  const [nameError, setNameError] = useState<string | undefined>();
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const updateProduct = useUpdateProduct();
  const deleteProduct = useDeleteProduct();
  const toast = useToast();
  const busy = updateProduct.isPending || deleteProduct.isPending;

  const stopEditing = () => {
    setNameError(undefined);
    onEditDone();
    // The Edit button only exists again after this render.
    requestAnimationFrame(() => editButtonRef.current?.focus());
  };

  const rename = (name: string) => {
    if (name.trim() === product.name) return stopEditing();
    updateProduct.mutate(
      { productId: product.productId, changes: { name } },
      {
        onSuccess: () => {
          toast.success(`Product renamed to “${name.trim()}”.`);
          stopEditing();
        },
        onError: (error) => {
          const message = fieldError(error, 'name');
          if (message === undefined) toast.error(failureMessage('Could not rename the product', error));
          setNameError(message);
        },
      },
    );
  };

  const toggleVisibility = () => {
    const visible = !product.visible;
    updateProduct.mutate(
      { productId: product.productId, changes: { visible } },
      {
        onSuccess: () =>
          toast.success(visible ? `“${product.name}” is shown in the shop again.` : `“${product.name}” is now hidden from the shop.`),
        onError: (error) => toast.error(failureMessage(visible ? 'Could not show the product' : 'Could not hide the product', error)),
      },
    );
  };

  const remove = () => {
    if (!window.confirm(deleteProductConfirmation)) return;
    deleteProduct.mutate(product.productId, {
      onSuccess: () => {
        toast.success(`Product “${product.name}” deleted.`);
        onDeleted();
      },
      onError: (error) => toast.error(failureMessage('Could not delete the product', error)),
    });
  };

  if (editing) {
    return (
      <li className="product-row product-row--editing">
        <ProductNameForm
          initialName={product.name}
          label={`Rename ${product.name}`}
          submitting={updateProduct.isPending}
          error={nameError}
          onNameChange={() => setNameError(undefined)}
          onCancel={stopEditing}
          onSubmit={rename}
        />
      </li>
    );
  }

  return (
    <li className={`product-row${product.visible ? '' : ' product-row--hidden'}`} aria-busy={busy}>
      <span className="product-row__name">
        {product.name}
        {!product.visible && <span className="badge badge--muted product-row__badge">Hidden</span>}
      </span>
      <span className="product-row__actions">
        <button
          ref={editButtonRef}
          type="button"
          className="button button--secondary button--small"
          onClick={onEdit} disabled={busy} aria-label={`Edit ${product.name}`}>
          Edit
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={toggleVisibility}
          disabled={busy}
          aria-label={`${product.visible ? 'Hide' : 'Show'} ${product.name}`}
        >
          {product.visible ? 'Hide' : 'Show'}
        </button>
        <button type="button" className="button button--danger button--small" onClick={remove} disabled={busy} aria-label={`Delete ${product.name}`}>
          Delete
        </button>
      </span>
    </li>
  );
}
