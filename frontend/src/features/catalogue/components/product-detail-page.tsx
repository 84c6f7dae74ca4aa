import { ListedDetailCard } from '@/components/product-card/listed-detail-card.tsx';
import { ProductCardGrid } from '@/components/product-card/product-card.tsx';
import { RichText } from '@/components/rich-text/rich-text.tsx';
import { Tabs } from '@/components/tabs/tabs.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { subproductHref } from '@/lib/catalogue-links.ts';
import { useProductDetail, type ProductDetail } from '../api/get-product-detail.ts';
import type { CartItem } from '@/lib/cart-item.ts';
import { CatalogueBreadcrumb } from './catalogue-breadcrumb.tsx';
import { CatalogueQueryState } from './catalogue-query-state.tsx';
import { ProductDocuments } from './product-documents.tsx';
import { ProductHelpPanel } from './product-help-panel.tsx';
import { ProductPurchase } from './product-purchase.tsx';
import './catalogue.css';
import './product-detail.css';

interface ProductDetailPageProps {
  detailId: string;
  /** Add to cart's destination; supplied by the app because the cart is another feature. */
  onAddToCart(item: CartItem): void;
}

/** /product?productname=…&productid=… */
export function ProductDetailPage({ detailId, onAddToCart }: ProductDetailPageProps) {
  const query = useProductDetail(detailId);
  const detail = query.data;
  usePageTitle(detail === undefined ? 'Product' : `${detail.subproduct.name} ${detail.productType}`);

  if (detail === undefined) {
    return <CatalogueQueryState query={query} what="product" />;
  }
  return (
    <>
      <CatalogueBreadcrumb
        trail={[
          { label: detail.subproduct.name, to: subproductHref(detail.subproduct.subproductId, detail.subproduct.name) },
          { label: detail.productType },
        ]}
      />
      {/* Keyed by detail, so moving to a related product starts again from its first option and quantity 1. */}
      <ProductPurchase key={detail.detailId} detail={detail} onAddToCart={onAddToCart} />
      <div className="product-detail__lower">
        <Tabs
          label="Product information"
          tabs={[
            { key: 'overview', label: 'Product Overview', content: <ProductOverview detail={detail} /> },
            { key: 'documents', label: 'Documents', content: <ProductDocuments documents={detail.documents} /> },
          ]}
        />
        <ProductHelpPanel detail={detail} />
      </div>
      <RelatedProducts detail={detail} />
    </>
  );
}

function ProductOverview({ detail }: { detail: ProductDetail }) {
  if (detail.contents === '') return <p className="product-detail__muted">No description for this product yet.</p>;
  return <RichText html={detail.contents} />;
}

function RelatedProducts({ detail }: { detail: ProductDetail }) {
  if (detail.related.length === 0) return null;
  return (
    <section className="product-detail__related" aria-labelledby="related-products-heading">
      <h2 id="related-products-heading">Related Products</h2>
      <ProductCardGrid label="Related Products">
        {detail.related.map((related) => (
          <li key={related.detailId}>
            <ListedDetailCard detail={related} />
          </li>
        ))}
      </ProductCardGrid>
    </section>
  );
}
