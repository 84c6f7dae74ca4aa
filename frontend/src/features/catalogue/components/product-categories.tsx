import { Link } from 'react-router-dom';
import { useCatalogueMenu } from '../api/get-catalogue-menu.ts';
import { productOverviewHref } from './product-anchor.ts';
import { ProductListStates, ProductMonogram } from './product-list-states.tsx';
import './product-categories.css';

/** Category cards leading to each product's card on /products. */
export function ProductCategories({ headingLevel: Heading }: { headingLevel: 'h2' | 'h3' }) {
  return (
    <ProductListStates query={useCatalogueMenu()}>
      {(products) => (
        <ul className="category-grid" aria-label="Product categories">
          {products.map((product) => (
            <li key={product.productId}>
              <Link to={productOverviewHref(product.productId)} className="category-card category-card--link">
                <ProductMonogram name={product.name} />
                <Heading className="category-card__name">{product.name}</Heading>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </ProductListStates>
  );
}
