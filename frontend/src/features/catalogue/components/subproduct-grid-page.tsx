import { EmptyState } from '@/components/page-state/page-state.tsx';
import { ProductCard, ProductCardGrid } from '@/components/product-card/product-card.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { mainProductHref, productDetailHref } from '@/lib/catalogue-links.ts';
import { useSubproductGrid } from '../api/get-subproduct-grid.ts';
import { CatalogueBreadcrumb } from './catalogue-breadcrumb.tsx';
import { CatalogueQueryState } from './catalogue-query-state.tsx';
import './catalogue.css';

/** /:slug/:id — the generic product grid of one sub-product's details. */
export function SubproductGridPage({ subproductId }: { subproductId: string }) {
  const query = useSubproductGrid(subproductId);
  const grid = query.data;
  usePageTitle(grid?.name ?? 'Products');

  if (grid === undefined) {
    return <CatalogueQueryState query={query} what="product" />;
  }
  return (
    <>
      <CatalogueBreadcrumb
        trail={[
          { label: grid.product.name, to: mainProductHref(grid.product.productId, grid.product.name) },
          { label: grid.name },
        ]}
      />
      <div className="page__header">
        <h1>{grid.name}</h1>
      </div>
      {grid.details.length === 0 ? (
        <EmptyState>No products here yet.</EmptyState>
      ) : (
        <ProductCardGrid label={grid.name}>
          {grid.details.map((detail) => (
            <li key={detail.detailId}>
              <ProductCard
                href={productDetailHref(detail.detailId, detail.productType)}
                title={detail.productType}
                imageUrl={detail.image?.url ?? null}
                price={detail.price}
                inStock={detail.inStock}
                headingLevel="h2"
              />
            </li>
          ))}
        </ProductCardGrid>
      )}
    </>
  );
}
