import { useDispatch } from 'react-redux';
import { NavLink, useNavigate } from 'react-router-dom';
import { customerSessionEnded } from '@/lib/customer-session.ts';

/** The account area's sub-navigation (spec: My Account, My Profile, Sign Out; My Shopping comes with orders). */
export function AccountNav() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
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
