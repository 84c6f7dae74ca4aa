import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import './layout.css';

interface SiteLayoutProps {
  productsMenu: ReactNode;
  search?: ReactNode;
  cart?: ReactNode;
  children: ReactNode;
}

export function SiteLayout({ productsMenu, search, cart, children }: SiteLayoutProps) {
  return (
    <div className="site">
      <SiteHeader productsMenu={productsMenu} search={search} cart={cart} />
      <main id="main-content" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
