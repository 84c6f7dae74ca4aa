import { useDispatch } from 'react-redux';
import { Link, useNavigate } from 'react-router-dom';
import { DisclosureMenu } from '@/components/disclosure-menu/disclosure-menu.tsx';
import { customerSessionEnded, useCustomerDetails } from '@/lib/customer-session.ts';
import './account-menu.css';

/** The account area's pages, in the menu's order. */
const accountPages = [
  { to: '/my-account', label: 'My Account' },
  { to: '/my-profile', label: 'My Profile' },
  { to: '/my-order', label: 'My Order' },
] as const;

/** The header's account menu (spec: the user's first name; Log In or Log Out, My Account, My Profile, My Order). */
export function AccountMenu() {
  const customer = useCustomerDetails();
  const dispatch = useDispatch();
  const navigate = useNavigate();

  return (
    <div className="account-menu">
      <DisclosureMenu label={customer ? customer.firstName || 'My Account' : 'Account'}>
        <ul aria-label="Account">
          {customer === null && (
            <li>
              <Link to="/signin">Log In</Link>
            </li>
          )}
          {accountPages.map(({ to, label }) => (
            <li key={to}>
              <Link to={to}>{label}</Link>
            </li>
          ))}
          {customer !== null && (
            <li>
              <button
                type="button"
                className="account-menu__log-out"
                onClick={() => {
                  dispatch(customerSessionEnded({ reason: 'logout' }));
                  void navigate('/', { replace: true });
                }}
              >
                Log Out
              </button>
            </li>
          )}
        </ul>
      </DisclosureMenu>
    </div>
  );
}
