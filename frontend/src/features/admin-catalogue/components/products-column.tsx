import { useRef, useState } from 'react';
import { useAdminProducts } from '../api/get-admin-products.ts';
import { AddProduct } from './add-product.tsx';
import { DisplayOrderEditor } from './display-order-editor.tsx';
import { ProductRow } from './product-row.tsx';
import './admin-catalogue.css';

type Mode = 'manage' | 'order';

/** The catalogue manager's Products column: list, add, rename, hide/show, delete, and display order. */
export function ProductsColumn() {
  const { data: products, isPending, isError, error, refetch, isRefetching } = useAdminProducts();
  const [mode, setMode] = useState<Mode>('manage');
  const [editingId, setEditingId] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const switchMode = (next: Mode) => {
    setMode(next);
    setEditingId(null);
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  return (
    <section className="catalogue-column" aria-labelledby="products-column-heading">
      <div className="catalogue-column__header">
        <h2 id="products-column-heading" ref={headingRef} tabIndex={-1}>
          {mode === 'order' ? 'Edit Display Order: Products' : 'Products'}
        </h2>
        {mode === 'manage' && products !== undefined && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => switchMode('order')}
            disabled={products.length < 2}
            title={products.length < 2 ? 'Add at least two products to change their order' : undefined}
          >
            Edit Display Order
          </button>
        )}
      </div>

      {isPending && (
        <p className="state-message" role="status">
          Loading products…
        </p>
      )}
      {isError && (
        <div className="state-message state-message--error" role="alert">
          <p>Products could not be loaded. {error.message}</p>
          <button type="button" className="button button--secondary" onClick={() => void refetch()} disabled={isRefetching}>
            Try again
          </button>
        </div>
      )}

      {products !== undefined && mode === 'order' && <DisplayOrderEditor products={products} onClose={() => switchMode('manage')} />}

      {products !== undefined && mode === 'manage' && (
        <>
          {products.length === 0 ? (
            <p className="state-message">No products yet</p>
          ) : (
            <ul className="product-list" aria-label="Products">
              {products.map((product) => (
                <ProductRow
                  key={product.productId}
                  product={product}
                  editing={editingId === product.productId}
                  onEdit={() => setEditingId(product.productId)}
                  onEditDone={() => setEditingId(null)}
                  onDeleted={() => headingRef.current?.focus()}
                />
              ))}
            </ul>
          )}
          <div className="catalogue-column__footer">
            <AddProduct />
          </div>
        </>
      )}
    </section>
  );
}
