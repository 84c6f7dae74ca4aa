import { Link } from 'react-router-dom';
import { DisclosureMenu } from '@/components/disclosure-menu/disclosure-menu.tsx';

/** The header's Company menu (storefront spec: About Us, History, Privacy Policy). */
export function CompanyMenu() {
  return (
    <DisclosureMenu label="Company">
      <ul aria-label="Company">
        <li>
          <Link to="/about-us">About Us</Link>
        </li>
        <li>
          <Link to="/history">History</Link>
        </li>
        <li>
          <Link to="/privacy-policy">Privacy Policy</Link>
        </li>
      </ul>
    </DisclosureMenu>
  );
}

/** The header's Ordering menu (storefront spec: Log-in/Register, Terms of Sales). */
export function OrderingMenu() {
  return (
    <DisclosureMenu label="Ordering">
      <ul aria-label="Ordering">
        <li>
          <Link to="/signin">Log-in/Register</Link>
        </li>
        <li>
          <Link to="/terms-of-sales">Terms of Sales</Link>
        </li>
      </ul>
    </DisclosureMenu>
  );
}
