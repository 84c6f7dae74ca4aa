import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { DisclosureMenu } from '@/components/disclosure-menu/disclosure-menu.tsx';
import { MenuAllLink } from '@/components/disclosure-menu/menu-all-link.tsx';
import { mainProductHref, subproductHref } from '@/lib/catalogue-links.ts';
import { useCatalogueMenu } from '../api/get-catalogue-menu.ts';
import './catalogue.css';

export function ProductsMenu() {
  const { data: products, isPending, isError } = useCatalogueMenu();

  return (
    <DisclosureMenu label="Products">
      <ul aria-label="Products" className="products-menu" style={menuColumns(products?.length ?? 0)}>
        {isPending && <li className="disclosure-menu__note">Loading products…</li>}
        {isError && <li className="disclosure-menu__note">Products could not be loaded</li>}
        {products?.map((product) => (
          <li key={product.productId}>
            <Link to={mainProductHref(product.productId, product.name)} className="products-menu__product">
              {product.name}
            </Link>
            {product.subproducts.length > 0 && (
              <ul aria-label={product.name} className="products-menu__subproducts">
                {product.subproducts.map((subproduct) => (
                  <li key={subproduct.subproductId}>
                    <Link to={subproductHref(subproduct.subproductId, subproduct.name)}>{subproduct.name}</Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
        <MenuAllLink link={{ to: '/products', label: 'All Products' }} className="products-menu__product" />
      </ul>
    </DisclosureMenu>
  );
}

/** Up to three columns of products on wide screens and two on narrower ones, never more than there are products. */
const menuColumns = (productCount: number) =>
  ({
    '--products-menu-columns': Math.min(3, Math.max(1, productCount)),
    '--products-menu-columns-narrow': Math.min(2, Math.max(1, productCount)),
  }) as CSSProperties;
