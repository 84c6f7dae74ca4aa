import { NavLink } from 'react-router-dom';
import type { BackOfficePermission } from '@labshop/contracts/admins/back-office';

export interface NavEntry {
  to: string;
  label: string;
  /** What the member's role must permit for the entry to be shown (the server refuses the page's calls otherwise). */
  permission: BackOfficePermission | null;
}

export interface NavGroup {
  /** The job the entries serve; null for the dashboard, above every group. */
  label: string | null;
  entries: readonly NavEntry[];
}

/**
 * The back office's sections grouped by job. Product content is not listed: it is part of the catalogue manager,
 * which links to it.
 */
export const backOfficeSections: readonly NavGroup[] = [
  { label: null, entries: [{ to: '/admin', label: 'Dashboard', permission: null }] },
  {
    label: 'Catalogue',
    entries: [
      { to: '/admin/catalogue', label: 'Catalogue manager', permission: 'catalogue' },
      { to: '/admin/productupload', label: 'Product upload', permission: 'catalogue' },
      { to: '/admin/servicesupload', label: 'Services', permission: 'catalogue' },
    ],
  },
  {
    label: 'Orders and fulfilment',
    entries: [{ to: '/admin/orders', label: 'Orders and quotes', permission: 'orders' }],
  },
  {
    label: 'Customers and finance',
    entries: [
      { to: '/admin/inbox', label: 'Inbox', permission: 'inbox' },
      { to: '/admin/tax-exemptions', label: 'Tax exemptions', permission: 'tax-exemptions' },
      { to: '/admin/finance', label: 'Finance ledger', permission: 'finance' },
    ],
  },
  { label: 'Content', entries: [{ to: '/Blog', label: 'Blog sections', permission: 'content' }] },
  { label: 'Settings and audit', entries: [{ to: '/admin/audit', label: 'Audit log', permission: 'audit' }] },
];

/** The groups with only the entries `permissions` allow; a group left empty is left out. */
export function sectionsAllowed(permissions: readonly BackOfficePermission[]): NavGroup[] {
  return backOfficeSections
    .map((group) => ({
      ...group,
      entries: group.entries.filter((entry) => entry.permission === null || permissions.includes(entry.permission)),
    }))
    .filter((group) => group.entries.length > 0);
}

interface BackOfficeNavProps {
  permissions: readonly BackOfficePermission[];
  /** Called when an entry is followed (the phone drawer closes). */
  onNavigate?: () => void;
}

/** The sidebar's sections the member may use; the current one is marked for the eye and for screen readers. */
export function BackOfficeNav({ permissions, onNavigate }: BackOfficeNavProps) {
  return (
    <nav className="back-office-nav" aria-label="Back office">
      {sectionsAllowed(permissions).map((group) => (
        <div key={group.label ?? ''} className="back-office-nav__group">
          {group.label !== null && <h2 className="back-office-nav__heading">{group.label}</h2>}
          <ul>
            {group.entries.map((entry) => (
              <li key={entry.to}>
                {/* The order list also stays marked on an order's own page, which lives below it. */}
                <NavLink to={entry.to} end={entry.to !== '/admin/orders'} onClick={onNavigate}>
                  {entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
