import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { AccountMenu } from './account-menu.tsx';
import { CompanyMenu, OrderingMenu } from './static-menus.tsx';

interface SiteHeaderProps {
  /** The Services drop-down, its own list item (none while no service is active); supplied by the app from the services feature. */
  servicesMenu?: ReactNode;
  /** The Products drop-down; supplied by the app because its entries come from the catalogue feature. */
  productsMenu: ReactNode;
  /** The product search box; supplied by the app because it asks the search feature for suggestions. */
  search?: ReactNode;
  /** The cart link with its item count; supplied by the app because the count lives in the cart feature. */
  cart?: ReactNode;
}

export function SiteHeader({ servicesMenu, productsMenu, search, cart }: SiteHeaderProps) {
  const [navOpen, setNavOpen] = useState(false);
  const navId = useId();
  const location = useLocation();

  useEffect(() => {
    setNavOpen(false);
  }, [location.key]);

  return (
    <header className="site-header">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <div className="container site-header__inner">
        <Link to="/" className="site-header__logo">
          Lab<span>Shop</span>
        </Link>
        <button
          type="button"
          className="button button--secondary button--small site-header__nav-toggle"
          aria-expanded={navOpen}
          aria-controls={navId}
          onClick={() => setNavOpen((open) => !open)}
        >
          Menu
        </button>
        <nav id={navId} className="site-nav" data-open={navOpen} aria-label="Main">
          <ul className="site-nav__list">
            <li>
              <NavLink to="/" end className="nav-item">
                Home
              </NavLink>
            </li>
            <li>
              <CompanyMenu />
            </li>
            {servicesMenu}
            <li>{productsMenu}</li>
            <li>
              <OrderingMenu />
            </li>
            <li>
              <NavLink to="/contact-us" className="nav-item">
                Contact Us
              </NavLink>
            </li>
          </ul>
        </nav>
        {search}
        <AccountMenu />
        {cart}
      </div>
    </header>
  );
}
