import { useEffect, useId, useRef, useState } from 'react';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { useAdminProduct, type AdminProductWithSubproducts } from '../api/get-admin-product.ts';
import { useAdminProducts } from '../api/get-admin-products.ts';
import { useUpdateProductContent } from '../api/update-product-content.ts';
import { normalizeEditorHtml } from '@/components/rich-text-editor/editor-html.ts';
import { CatalogueColumn } from './catalogue-column.tsx';
import { LoadState } from './load-state.tsx';
import { RichTextEditor } from '@/components/rich-text-editor/rich-text-editor.tsx';
import './admin-catalogue.css';

/** The product content editor: list of products, then one product's content in a rich-text editor. */
export function ProductContentEditor() {
  const [productId, setProductId] = useState<string | null>(null);
  const returnFocusTo = useRef<string | null>(null);

  if (productId === null) {
    return <ProductContentList focusProductId={returnFocusTo.current} onChoose={setProductId} />;
  }
  return (
    <ProductContentForm
      key={productId}
      productId={productId}
      onBack={() => {
        returnFocusTo.current = productId;
        setProductId(null);
      }}
    />
  );
}

function ProductContentList({
  focusProductId,
  onChoose,
}: {
  focusProductId: string | null;
  onChoose: (productId: string) => void;
}) {
  const query = useAdminProducts();
  const products = query.data;
  const listRef = useRef<HTMLTableElement>(null);

  // Back from a product: focus its button again, where the admin left the list.
  useEffect(() => {
    if (focusProductId === null || products === undefined) return;
    listRef.current?.querySelector<HTMLButtonElement>(`[data-product-id="${CSS.escape(focusProductId)}"]`)?.focus();
  }, [focusProductId, products]);

  return (
    <CatalogueColumn headingId="content-products-heading" title="Products" className="content-editor">
      <LoadState query={query} what="products" />
      {products?.length === 0 && <p className="state-message">No products yet</p>}
      {products !== undefined && products.length > 0 && (
        <table ref={listRef} className="content-editor__table">
          <caption className="visually-hidden">Products and their ids</caption>
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Product</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {products.map((product) => (
              <tr key={product.productId}>
                <td>
                  <code>{product.productId}</code>
                </td>
                <th scope="row">
                  {product.name}
                  {!product.visible && <span className="badge badge--muted">Hidden</span>}
                </th>
                <td>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    data-product-id={product.productId}
                    onClick={() => onChoose(product.productId)}
                    aria-label={`Edit content of ${product.name}`}
                  >
                    Edit content
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </CatalogueColumn>
  );
}

function ProductContentForm({ productId, onBack }: { productId: string; onBack: () => void }) {
  const query = useAdminProduct(productId);
  const product = query.data;
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => headingRef.current?.focus(), []);

  return (
    <CatalogueColumn
      headingId="content-form-heading"
      title={product === undefined ? 'Product content' : product.name}
      className="content-editor"
      headingRef={headingRef}
    >
      <LoadState query={query} what="the content" />
      {product !== undefined ? (
        <ContentEditing product={product} onBack={onBack} />
      ) : (
        <button type="button" className="button button--secondary" onClick={onBack}>
          Back to List
        </button>
      )}
    </CatalogueColumn>
  );
}

function ContentEditing({ product, onBack }: { product: AdminProductWithSubproducts; onBack: () => void }) {
  // Loaded once: later refetches (after saving) must not overwrite what the admin is typing.
  const [content, setContent] = useState(product.content);
  const [dirty, setDirty] = useState(false);
  const labelId = useId();
  const saveContent = useUpdateProductContent();
  const toast = useToast();

  const save = () =>
    saveContent.mutate(
      { productId: product.productId, content: normalizeEditorHtml(content) },
      {
        onSuccess: () => {
          setDirty(false);
          toast.success('Content saved successfully!');
        },
        onError: () => toast.error('Error saving content. Please try again.'),
      },
    );

  const back = () => {
    if (dirty && !window.confirm('Leave without saving? Your changes to this content will be lost.')) return;
    onBack();
  };

  return (
    <>
      <p id={labelId} className="field__label">
        Content of {product.name} <span className="content-editor__id">(id {product.productId})</span>
      </p>
      <RichTextEditor
        size="page"
        labelledBy={labelId}
        value={content}
        onChange={(html, byAdmin) => {
          setContent(html);
          if (byAdmin) setDirty(true);
        }}
      />
      <div className="detail-form__actions">
        <button type="button" className="button button--primary" onClick={save} disabled={saveContent.isPending}>
          {saveContent.isPending ? 'Saving…' : 'Save Content'}
        </button>
        <button type="button" className="button button--secondary" onClick={back} disabled={saveContent.isPending}>
          Back to List
        </button>
      </div>
    </>
  );
}
