import type { ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { customerSessionEnded } from '@/lib/customer-session.ts';

/** The account area's sub-navigation (spec: My Account, My Profile, My Shopping with My Orders and My Quotes, Sign Out). */
export function AccountNav() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // Both My Shopping links lead to /my-order; the tab in the query string tells which one is current.
  const shopping =
    pathname !== '/my-order' ? null : new URLSearchParams(search).get('tab') === 'quotes' ? 'quotes' : 'orders';
  return (
    <nav className="account-nav" aria-label="My account">
      <ul>
        <li>
          <NavLink to="/my-account" end>
            My Account
          </NavLink>
        </li>
        <li>
          <NavLink to="/my-profile">My Profile</NavLink>
        </li>
        <li className="account-nav__group">
          <span className="account-nav__group-label" id="account-nav-shopping">
            My Shopping
          </span>
          <ul aria-labelledby="account-nav-shopping">
            <li>
              <ShoppingLink to="/my-order" current={shopping === 'orders'}>
                My Orders
              </ShoppingLink>
            </li>
            <li>
              <ShoppingLink to="/my-order?tab=quotes" current={shopping === 'quotes'}>
                My Quotes
              </ShoppingLink>
            </li>
          </ul>
        </li>
        <li>
          <button
            type="button"
            className="account-nav__sign-out"
            onClick={() => {
              dispatch(customerSessionEnded({ reason: 'logout' }));
              void navigate('/', { replace: true });
            }}
          >
            Sign Out
          </button>
        </li>
      </ul>
    </nav>
  );
}

/** A My Shopping link, marked as the current page the way NavLink marks the others. */
function ShoppingLink({ to, current, children }: { to: string; current: boolean; children: ReactNode }) {
  return (
    <Link to={to} className={current ? 'active' : undefined} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}
