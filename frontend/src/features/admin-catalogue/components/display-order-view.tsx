import { useState } from 'react';
import { useAdminProduct } from '../api/get-admin-product.ts';
import { useAdminProducts } from '../api/get-admin-products.ts';
import { useSubproductDetails } from '../api/get-subproduct-details.ts';
import { useReorderDetails } from '../api/reorder-details.ts';
import { useReorderProducts } from '../api/reorder-products.ts';
import { useReorderSubproducts } from '../api/reorder-subproducts.ts';
import { useUpdateDetail } from '../api/update-detail.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { useUpdateSubproduct } from '../api/update-subproduct.ts';
import { CatalogueColumn, ColumnContext } from './catalogue-column.tsx';
import { LoadState } from './load-state.tsx';
import { OrderList } from './order-list.tsx';

/**
 * Edit Display Order: products, then the chosen product's subproducts, then the chosen subproduct's
 * details. Choosing toggles; un-choosing a product closes the levels below it. Each list is saved on its own.
 */
export function DisplayOrderView() {
  const [productId, setProductId] = useState<string | null>(null);
  const [subproductId, setSubproductId] = useState<string | null>(null);

  const chooseProduct = (id: string) => {
    setProductId((current) => (current === id ? null : id));
    setSubproductId(null);
  };

  return (
    <>
      <p className="display-order-editor__hint">
        Move items up or down, then save each list. Hidden items keep their place for when they are shown again. Choose
        a product or subproduct to order what is inside it.
      </p>
      <div className="catalogue-grid catalogue-grid--order">
        <CatalogueColumn headingId="order-products" title="Products">
          <ProductsOrder selectedId={productId} onSelect={chooseProduct} />
        </CatalogueColumn>
        <CatalogueColumn headingId="order-subproducts" title="Subproducts">
          {productId === null ? (
            <p className="state-message">Choose a product to order its subproducts.</p>
          ) : (
            <SubproductsOrder
              key={productId}
              productId={productId}
              selectedId={subproductId}
              onSelect={(id) => setSubproductId((current) => (current === id ? null : id))}
            />
          )}
        </CatalogueColumn>
        <CatalogueColumn headingId="order-details" title="Details">
          {productId === null || subproductId === null ? (
            <p className="state-message">Choose a subproduct to order its details.</p>
          ) : (
            <DetailsOrder key={subproductId} productId={productId} subproductId={subproductId} />
          )}
        </CatalogueColumn>
      </div>
    </>
  );
}

function ProductsOrder({ selectedId, onSelect }: { selectedId: string | null; onSelect: (id: string) => void }) {
  const query = useAdminProducts();
  const reorder = useReorderProducts();
  const update = useUpdateProduct();
  if (query.isPending || query.isError) return <LoadState query={query} what="products" />;
  const products = query.data;
  return (
    <OrderList
      noun="product"
      items={products.map(({ productId, name, visible }) => ({ id: productId, name, visible }))}
      selectedId={selectedId}
      onSelect={onSelect}
      saving={reorder.isPending}
      save={(productIds, callbacks) => reorder.mutate(productIds, callbacks)}
      visibilityPendingId={update.isPending ? update.variables.productId : null}
      setVisible={(item, visible, callbacks) => update.mutate({ productId: item.id, changes: { visible } }, callbacks)}
    />
  );
}

interface SubproductsOrderProps {
  productId: string;
  selectedId: string | null;
  onSelect: (id: string) => void;
}

function SubproductsOrder({ productId, selectedId, onSelect }: SubproductsOrderProps) {
  const query = useAdminProduct(productId);
  const reorder = useReorderSubproducts();
  const update = useUpdateSubproduct();
  if (query.isPending || query.isError) return <LoadState query={query} what="subproducts" />;
  const product = query.data;
  return (
    <>
      <ColumnContext name={product.name} />
      <OrderList
        noun="subproduct"
        items={product.subproducts.map(({ subproductId, name, visible }) => ({ id: subproductId, name, visible }))}
        selectedId={selectedId}
        onSelect={onSelect}
        saving={reorder.isPending}
        save={(subproductIds, callbacks) => reorder.mutate({ productId, subproductIds }, callbacks)}
        visibilityPendingId={update.isPending ? update.variables.subproductId : null}
        setVisible={(item, visible, callbacks) =>
          update.mutate({ productId, subproductId: item.id, changes: { visible } }, callbacks)
        }
      />
    </>
  );
}

function DetailsOrder({ productId, subproductId }: { productId: string; subproductId: string }) {
  const query = useSubproductDetails({ productId, subproductId });
  const reorder = useReorderDetails();
  const update = useUpdateDetail();
  if (query.isPending || query.isError) return <LoadState query={query} what="details" />;
  const data = query.data;
  return (
    <>
      <ColumnContext name={data.name} />
      <OrderList
        noun="detail"
        items={data.details.map((detail) => ({
          id: detail.detailId,
          name: detail.catalogNumber === '' ? detail.productType : `${detail.productType} (${detail.catalogNumber})`,
          visible: detail.visible,
        }))}
        saving={reorder.isPending}
        save={(detailIds, callbacks) => reorder.mutate({ productId, subproductId, detailIds }, callbacks)}
        visibilityPendingId={update.isPending ? update.variables.detailId : null}
        setVisible={(item, visible, callbacks) =>
          update.mutate({ productId, subproductId, detailId: item.id, changes: { visible } }, callbacks)
        }
      />
    </>
  );
}
