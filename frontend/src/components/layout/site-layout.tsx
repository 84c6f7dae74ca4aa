import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import './layout.css';

interface SiteLayoutProps {
  servicesMenu?: ReactNode;
  productsMenu: ReactNode;
  search?: ReactNode;
  cart?: ReactNode;
  children: ReactNode;
}

export function SiteLayout({ servicesMenu, productsMenu, search, cart, children }: SiteLayoutProps) {
  return (
    <div className="site">
      <SiteHeader servicesMenu={servicesMenu} productsMenu={productsMenu} search={search} cart={cart} />
      <main id="main-content" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
