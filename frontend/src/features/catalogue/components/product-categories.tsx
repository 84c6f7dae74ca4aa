import { Link } from 'react-router-dom';
import { ErrorState, LoadingState, EmptyState } from '@/components/page-state/page-state.tsx';
import { useCatalogueMenu } from '../api/get-catalogue-menu.ts';
import { productOverviewHref } from './product-anchor.ts';
import './product-categories.css';

/** Category cards leading to each product's card on /products. */
export function ProductCategories({ headingLevel: Heading }: { headingLevel: 'h2' | 'h3' }) {
  const { data: products, isPending, isError, error, refetch, isRefetching } = useCatalogueMenu();

  if (isPending) return <LoadingState>Loading products…</LoadingState>;
  if (isError)
    return (
      <ErrorState
        message={`Products could not be loaded. ${error.message}`}
        onRetry={() => void refetch()}
        retrying={isRefetching}
      />
    );
  if (products.length === 0) return <EmptyState>No products yet</EmptyState>;
  return (
    <ul className="category-grid" aria-label="Product categories">
      {products.map((product) => (
        <li key={product.productId}>
          <Link to={productOverviewHref(product.productId)} className="category-card category-card--link">
            <span className="category-card__monogram" aria-hidden="true">
              {product.name.trim().charAt(0).toUpperCase()}
            </span>
            <Heading className="category-card__name">{product.name}</Heading>
          </Link>
        </li>
      ))}
    </ul>
  );
}
