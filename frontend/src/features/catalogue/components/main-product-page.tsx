import { EmptyState } from '@/components/page-state/page-state.tsx';
import { ProductCard, ProductCardGrid } from '@/components/product-card/product-card.tsx';
import { RichText } from '@/components/rich-text/rich-text.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { subproductHref } from '@/lib/catalogue-links.ts';
import { useMainProduct } from '../api/get-main-product.ts';
import { CatalogueBreadcrumb } from './catalogue-breadcrumb.tsx';
import { CatalogueQueryState } from './catalogue-query-state.tsx';
import './catalogue.css';

/** /show-main-product/:slug/:id — a product category with its sub-product tiles. */
export function MainProductPage({ productId }: { productId: string }) {
  const query = useMainProduct(productId);
  const product = query.data;
  usePageTitle(product?.name ?? 'Products');

  if (product === undefined) {
    return <CatalogueQueryState query={query} what="product" />;
  }
  const pluralDetails = (count: number) => (count === 1 ? '1 product' : `${count} products`);
  return (
    <>
      <CatalogueBreadcrumb trail={[{ label: product.name }]} />
      <div className="page__header">
        <h1>{product.name}</h1>
        {product.description !== '' && <RichText className="catalogue-description" html={product.description} />}
      </div>
      {product.subproducts.length === 0 ? (
        <EmptyState>No products in this category yet.</EmptyState>
      ) : (
        <ProductCardGrid label={`${product.name} products`}>
          {product.subproducts.map((subproduct) => (
            <li key={subproduct.subproductId}>
              <ProductCard
                href={subproductHref(subproduct.subproductId, subproduct.name)}
                title={subproduct.name}
                imageUrl={subproduct.image?.url ?? null}
                note={pluralDetails(subproduct.detailCount)}
                headingLevel="h2"
                linkLabel="View Products"
              />
            </li>
          ))}
        </ProductCardGrid>
      )}
    </>
  );
}
