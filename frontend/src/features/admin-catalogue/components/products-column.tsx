import { useRef, useState } from 'react';
import { useAddProduct } from '../api/add-product.ts';
import { useAdminProducts } from '../api/get-admin-products.ts';
import { AddNamedItem } from './add-named-item.tsx';
import { CatalogueColumn } from './catalogue-column.tsx';
import { LoadState } from './load-state.tsx';
import { ProductRow } from './product-row.tsx';

interface ProductsColumnProps {
  selectedId: string | null;
  onSelect: (productId: string | null) => void;
}

/** The catalogue manager's first column: every product, hidden ones included; selecting one opens its subproducts. */
export function ProductsColumn({ selectedId, onSelect }: ProductsColumnProps) {
  const query = useAdminProducts();
  const products = query.data;
  const addProduct = useAddProduct();
  const [editingId, setEditingId] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <CatalogueColumn
      headingId="products-column-heading"
      title="Products"
      className="catalogue-column--products"
      headingRef={headingRef}
    >
      <LoadState query={query} what="products" />

      {products !== undefined && (
        <>
          {products.length === 0 ? (
            <p className="state-message">No products yet</p>
          ) : (
            <ul className="catalogue-list" aria-label="Products">
              {products.map((product) => (
                <ProductRow
                  key={product.productId}
                  product={product}
                  selected={selectedId === product.productId}
                  onSelect={() => onSelect(selectedId === product.productId ? null : product.productId)}
                  editing={editingId === product.productId}
                  onEdit={() => setEditingId(product.productId)}
                  onEditDone={() => setEditingId(null)}
                  onDeleted={() => {
                    if (selectedId === product.productId) onSelect(null);
                    headingRef.current?.focus();
                  }}
                />
              ))}
            </ul>
          )}
          <div className="catalogue-column__footer">
            <AddNamedItem
              noun="product"
              pending={addProduct.isPending}
              add={(name, callbacks) => addProduct.mutate({ name }, callbacks)}
            />
          </div>
        </>
      )}
    </CatalogueColumn>
  );
}
