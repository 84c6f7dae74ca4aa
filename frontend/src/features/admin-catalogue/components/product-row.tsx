import { useDeleteProduct } from '../api/delete-product.ts';
import type { AdminProduct } from '../api/get-admin-products.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { whenSettled } from './mutation-callbacks.ts';
import { NamedItemRow, type RowInColumn } from './named-item-row.tsx';

export const deleteProductConfirmation = 'Are you sure you want to delete this product and all its subproducts?';

interface ProductRowProps extends RowInColumn {
  product: AdminProduct;
}

export function ProductRow({ product, ...rowProps }: ProductRowProps) {
  const updateProduct = useUpdateProduct();
  const deleteProduct = useDeleteProduct();
  const { productId } = product;
  return (
    <NamedItemRow
      {...rowProps}
      item={{ id: productId, name: product.name, visible: product.visible }}
      noun="product"
      busy={updateProduct.isPending || deleteProduct.isPending}
      deleteConfirmation={deleteProductConfirmation}
      rename={(name, callbacks) =>
        updateProduct.mutate({ productId, changes: { name, expectedVersion: product.version } }, callbacks)
      }
      setVisible={(visible, callbacks) =>
        updateProduct.mutate({ productId, changes: { visible, expectedVersion: product.version } }, callbacks)
      }
      remove={(callbacks) => whenSettled(deleteProduct.mutateAsync(productId), callbacks)}
    />
  );
}
