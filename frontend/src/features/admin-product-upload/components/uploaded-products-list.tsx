import { formatUsd } from '@labshop/contracts/money';
import { uploadedProductMessages } from '@labshop/contracts/catalogue/uploads-commands';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { HistoryButton } from '@/components/history/history-button.tsx';
import { useDeleteUploadedProduct } from '../api/delete-uploaded-product.ts';
import { useUploadedProducts, type UploadedProduct } from '../api/get-uploaded-products.ts';

interface UploadedProductsListProps {
  editingId: string | null;
  onEdit: (product: UploadedProduct) => void;
  onDeleted: (productId: string) => void;
}

/** The upload list: each product's image, name and price, with Edit and Delete. */
export function UploadedProductsList({ editingId, onEdit, onDeleted }: UploadedProductsListProps) {
  const products = useUploadedProducts();
  const remove = useDeleteUploadedProduct();
  const toast = useToast();

  if (products.isPending) return <LoadingState>Loading products…</LoadingState>;
  if (products.isError)
    return (
      <ErrorState
        message={uploadedProductMessages.loadFailed}
        onRetry={() => void products.refetch()}
        retrying={products.isFetching}
      />
    );
  if (products.data.length === 0) return <EmptyState>No products yet. Add the first one with the form.</EmptyState>;

  const deleteProduct = (product: UploadedProduct) => {
    if (!window.confirm(uploadedProductMessages.confirmDelete)) return;
    remove.mutate(
      { productId: product.productId, expectedVersion: product.version },
      {
        onSuccess: () => {
          toast.success(uploadedProductMessages.deleted);
          onDeleted(product.productId);
        },
        onError: (error) =>
          toast.error(
            `${uploadedProductMessages.deleteFailed}: ${error instanceof ApiError ? error.message : 'unexpected error'}`,
          ),
      },
    );
  };

  return (
    <ul className="upload-list" aria-label="Uploaded products">
      {products.data.map((product) => (
        <li
          key={product.productId}
          className={
            product.productId === editingId ? 'upload-list__item upload-list__item--editing' : 'upload-list__item'
          }
        >
          <img className="upload-list__image" src={product.image.url} alt="" />
          <div className="upload-list__text">
            <span className="upload-list__name">{product.productName}</span>
            <span className="upload-list__price">{formatUsd(product.priceCents)}</span>
          </div>
          <span className="upload-list__actions">
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => onEdit(product)}
              aria-label={`Edit ${product.productName}`}
              disabled={remove.isPending}
            >
              Edit
            </button>
            <HistoryButton entityType="uploaded-product" entityId={product.productId} itemName={product.productName} />
            <button
              type="button"
              className="button button--danger button--small"
              onClick={() => deleteProduct(product)}
              aria-label={`Delete ${product.productName}`}
              disabled={remove.isPending}
            >
              Delete
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}
