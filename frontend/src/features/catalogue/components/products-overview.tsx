import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { RichText } from '@/components/rich-text/rich-text.tsx';
import { mainProductHref, productDetailHref, subproductHref } from '@/lib/catalogue-links.ts';
import { useCatalogueOverview, type OverviewProduct } from '../api/get-catalogue-overview.ts';
import { productAnchorId } from './product-anchor.ts';
import { ProductListStates, ProductMonogram } from './product-list-states.tsx';
import './catalogue.css';
import './product-categories.css';

/** /products: a card per product category, each with an accordion of its sub-products and their details. */
export function ProductsOverview() {
  return (
    <ProductListStates query={useCatalogueOverview()}>
      {(products) => (
        <>
          <ScrollToLinkedCard products={products} />
          <ul className="overview-grid" aria-label="Product categories">
            {products.map((product) => (
              <li key={product.productId}>
                <OverviewCard product={product} />
              </li>
            ))}
          </ul>
        </>
      )}
    </ProductListStates>
  );
}

function OverviewCard({ product }: { product: OverviewProduct }) {
  return (
    <article
      id={productAnchorId(product.productId)}
      className="overview-card"
      tabIndex={-1}
      aria-labelledby={`${productAnchorId(product.productId)}-name`}
    >
      <div className="overview-card__header">
        <ProductMonogram name={product.name} />
        <h2 id={`${productAnchorId(product.productId)}-name`} className="category-card__name">
          {product.name}
        </h2>
      </div>
      {product.description !== '' && <RichText className="overview-card__description" html={product.description} />}
      {product.subproducts.length === 0 ? (
        <p className="overview-card__empty">No products in this category yet.</p>
      ) : (
        <div className="accordion">
          {product.subproducts.map((subproduct) => (
            <details key={subproduct.subproductId} className="accordion__item">
              <summary className="accordion__summary">
                {subproduct.name}
                <span className="accordion__count">{subproduct.details.length}</span>
              </summary>
              <ul className="accordion__details">
                {subproduct.details.map((detail) => (
                  <li key={detail.detailId}>
                    <Link to={productDetailHref(detail.detailId, detail.productType)}>{detail.productType}</Link>
                  </li>
                ))}
                <li>
                  <Link className="accordion__all" to={subproductHref(subproduct.subproductId, subproduct.name)}>
                    All {subproduct.name}
                  </Link>
                </li>
              </ul>
            </details>
          ))}
        </div>
      )}
      <Link className="overview-card__more" to={mainProductHref(product.productId, product.name)}>
        View {product.name}
      </Link>
    </article>
  );
}

/** Brings the card named in the URL hash into view once the list has rendered (the router does not). */
function ScrollToLinkedCard({ products }: { products: OverviewProduct[] }) {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '') return;
    const card = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (card === null) return;
    card.scrollIntoView({ block: 'start' });
    card.focus({ preventScroll: true });
  }, [hash, products]);
  return null;
}
