import { NavLink } from 'react-router-dom';

const sections = [
  { to: '/admin/catalogue', label: 'Catalogue manager' },
  { to: '/admin/orders', label: 'Orders and quotes' },
  { to: '/admin/productupload', label: 'Product upload' },
  { to: '/Blog', label: 'Blog sections' },
  { to: '/admin/finance', label: 'Finance ledger' },
  { to: '/admin/servicesupload', label: 'Services' },
  { to: '/admin/inbox', label: 'Inbox' },
  { to: '/admin/tax-exemptions', label: 'Tax exemptions' },
  { to: '/admin/audit', label: 'Audit log' },
] as const;

/**
 * The back office's sections, on each of their pages; the current one is marked for the eye and for screen
 * readers. Product content is not listed: it is part of the catalogue manager, which links to it.
 */
export function BackOfficeNav() {
  return (
    <nav className="back-office-nav" aria-label="Back office">
      <ul>
        {sections.map((section) => (
          <li key={section.to}>
            {/* The order list also stays marked on an order's own page, which lives below it. */}
            <NavLink to={section.to} end={section.to !== '/admin/orders'}>
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
