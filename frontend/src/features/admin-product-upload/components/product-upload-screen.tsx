import { useState } from 'react';
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
        <UploadedProductsList editingId={editing?.productId ?? null} onEdit={setEditing} onDeleted={(productId) => productId === editing?.productId && setEditing(null)} />
      </section>
      <section className="upload-screen__form">
        {/* A new key per product (or add mode) starts the form afresh. */}
        <ProductUploadForm key={editing === null ? 'add' : `${editing.productId}@${editing.version}`} product={editing} onDone={() => setEditing(null)} />
      </section>
    </div>
  );
}
