import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { LEAVE_UNSAVED_ORDER, UnsavedOrdersContext } from '../unsaved-orders.ts';
import { DetailsColumn } from './details-column.tsx';
import { DisplayOrderView } from './display-order-view.tsx';
import { ProductsColumn } from './products-column.tsx';
import { SubproductsColumn } from './subproducts-column.tsx';
import './admin-catalogue.css';

/** The catalogue manager: Products | Subproducts | Details, or the Edit Display Order view of the same three levels. */
export function CatalogueManager() {
  const [ordering, setOrdering] = useState(false);
  const [productId, setProductId] = useState<string | null>(null);
  const [subproductId, setSubproductId] = useState<string | null>(null);
  const viewHeadingRef = useRef<HTMLHeadingElement>(null);
  // The display order lists holding moves not saved yet: Done asks before they are dropped.
  const unsavedLists = useRef(new Set<string>());
  const reportUnsaved = useCallback((list: string, unsaved: boolean) => {
    if (unsaved) unsavedLists.current.add(list);
    else unsavedLists.current.delete(list);
  }, []);

  const toggleOrdering = () => {
    if (ordering && unsavedLists.current.size > 0 && !window.confirm(LEAVE_UNSAVED_ORDER)) return;
    setOrdering((current) => !current);
    requestAnimationFrame(() => viewHeadingRef.current?.focus());
  };

  return (
    <div className="catalogue-manager">
      <div className="spread-bar catalogue-manager__bar">
        <h2 className="catalogue-manager__view" ref={viewHeadingRef} tabIndex={-1}>
          {ordering ? 'Edit Display Order' : 'Products, subproducts and details'}
        </h2>
        <div className="catalogue-manager__links">
          {/* The label says where the button leads, so the way back from ordering is as plain as the way in. */}
          <button
            type="button"
            className={ordering ? 'button button--primary' : 'button button--secondary'}
            onClick={toggleOrdering}
          >
            {ordering ? 'Done editing display order' : 'Edit Display Order'}
          </button>
          <Link className="button button--secondary" to="/product-content">
            Product Content
          </Link>
          <Link className="button button--secondary" to="/admin/servicesupload">
            Services
          </Link>
        </div>
      </div>

      {ordering ? (
        <UnsavedOrdersContext value={reportUnsaved}>
          <DisplayOrderView />
        </UnsavedOrdersContext>
      ) : (
        <div className="catalogue-grid">
          <ProductsColumn
            selectedId={productId}
            onSelect={(id) => {
              setProductId(id);
              setSubproductId(null);
            }}
          />
          <SubproductsColumn productId={productId} selectedId={subproductId} onSelect={setSubproductId} />
          <DetailsColumn productId={productId} subproductId={subproductId} />
        </div>
      )}
    </div>
  );
}
