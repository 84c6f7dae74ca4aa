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
              <Link
                to="/my-order"
                className={shopping === 'orders' ? 'active' : undefined}
                aria-current={shopping === 'orders' ? 'page' : undefined}
              >
                My Orders
              </Link>
            </li>
            <li>
              <Link
                to="/my-order?tab=quotes"
                className={shopping === 'quotes' ? 'active' : undefined}
                aria-current={shopping === 'quotes' ? 'page' : undefined}
              >
                My Quotes
              </Link>
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
