import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { SiteLayout } from '@/components/layout/site-layout.tsx';
import { CartLink } from '@/features/cart/components/cart-link.tsx';
import { ProductsMenu } from '@/features/catalogue/components/products-menu.tsx';
import { SearchBox } from '@/features/search/components/search-box.tsx';
import { ServicesMenu } from '@/features/services/components/services-menu.tsx';

export function RootLayout() {
  return (
    <SiteLayout
      servicesMenu={<ServicesMenu />}
      productsMenu={<ProductsMenu />}
      search={<SearchBox />}
      cart={<CartLink />}
    >
      <ScrollToTopOnNavigation />
      <Outlet />
    </SiteLayout>
  );
}

/** Every navigation starts at the top of the page, except links to an anchor, which the page scrolls to itself. */
function ScrollToTopOnNavigation() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (hash === '') window.scrollTo(0, 0);
  }, [pathname, search, hash]);
  return null;
}
