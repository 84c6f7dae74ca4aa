import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { UploadedProduct } from '../api/get-uploaded-products.ts';
import { ProductUploadForm } from './product-upload-form.tsx';
import { UploadedProductsList } from './uploaded-products-list.tsx';
import './product-upload.css';

/** The product upload screen: the list on the left, the add or edit form on the right. */
export function ProductUploadScreen() {
  const [editing, setEditing] = useState<UploadedProduct | null>(null);
  return (
    <div className="upload-screen">
      <section className="upload-screen__list" aria-label="Products">
        <UploadedProductsList
          editingId={editing?.productId ?? null}
          onEdit={setEditing}
          onDeleted={(productId) => productId === editing?.productId && setEditing(null)}
        />
      </section>
      <section className="upload-screen__form">
        {/* Said where the admin types, not only in the README: this list is not the shop's catalogue. */}
        <p className="banner banner--warning upload-screen__note">
          Products uploaded here stay in this back-office list: they are <strong>not shown or sold in the shop</strong>.
          To put a product in the storefront, add it in the <Link to="/admin/catalogue">Catalogue manager</Link>.
        </p>
        {/* A new key per product (or add mode) starts the form afresh. */}
        <ProductUploadForm
          key={editing === null ? 'add' : `${editing.productId}@${editing.version}`}
          product={editing}
          onDone={() => setEditing(null)}
        />
      </section>
    </div>
  );
}
