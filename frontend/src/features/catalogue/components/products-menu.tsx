import { Link } from 'react-router-dom';
import { DisclosureMenu } from '@/components/disclosure-menu/disclosure-menu.tsx';
import { useCatalogueProducts } from '../api/get-catalogue-products.ts';
import { productOverviewHref } from './product-anchor.ts';

export function ProductsMenu() {
  const { data: products, isPending, isError } = useCatalogueProducts();

  return (
    <DisclosureMenu label="Products">
      <ul aria-label="Products">
        {isPending && <li className="disclosure-menu__note">Loading products…</li>}
        {isError && <li className="disclosure-menu__note">Products could not be loaded</li>}
        {products?.map((product) => (
          <li key={product.productId}>
            <Link to={productOverviewHref(product.productId)}>{product.name}</Link>
          </li>
        ))}
        <li className="disclosure-menu__separator" aria-hidden="true" />
        <li>
          <Link to="/products">All Products</Link>
        </li>
      </ul>
    </DisclosureMenu>
  );
}
