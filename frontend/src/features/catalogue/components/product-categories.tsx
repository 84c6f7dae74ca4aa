import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useCatalogueProducts, type CatalogueProduct } from '../api/get-catalogue-products.ts';
import { productAnchorId, productOverviewHref } from './product-anchor.ts';
import './product-categories.css';

interface ProductCategoriesProps {
  /** 'overview' renders the /products cards (link targets for the menu); 'links' renders cards that lead there. */
  variant: 'overview' | 'links';
  headingLevel: 'h2' | 'h3';
}

export function ProductCategories({ variant, headingLevel }: ProductCategoriesProps) {
  const { data: products, isPending, isError, error, refetch, isRefetching } = useCatalogueProducts();

  if (isPending) {
    return (
      <p className="state-message" role="status">
        Loading products…
      </p>
    );
  }
  if (isError) {
    return (
      <div className="state-message state-message--error" role="alert">
        <p>Products could not be loaded. {error.message}</p>
        <button type="button" className="button button--secondary" onClick={() => void refetch()} disabled={isRefetching}>
          Try again
        </button>
      </div>
    );
  }
  if (products.length === 0) {
    return <p className="state-message">No products yet</p>;
  }
  return (
    <>
      {variant === 'overview' && <ScrollToLinkedCard products={products} />}
      <ul className="category-grid" aria-label="Product categories">
        {products.map((product) => (
          <li key={product.productId}>
            {variant === 'overview' ? (
              <article id={productAnchorId(product.productId)} className="category-card" tabIndex={-1}>
                <CategoryCardBody product={product} headingLevel={headingLevel} />
              </article>
            ) : (
              <Link to={productOverviewHref(product.productId)} className="category-card category-card--link">
                <CategoryCardBody product={product} headingLevel={headingLevel} />
              </Link>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function CategoryCardBody({ product, headingLevel: Heading }: { product: CatalogueProduct; headingLevel: 'h2' | 'h3' }) {
  return (
    <>
      <span className="category-card__monogram" aria-hidden="true">
        {product.name.trim().charAt(0).toUpperCase()}
      </span>
      <Heading className="category-card__name">{product.name}</Heading>
    </>
  );
}

/** Brings the card named in the URL hash into view once the list has rendered (the router does not). */
function ScrollToLinkedCard({ products }: { products: CatalogueProduct[] }) {
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
