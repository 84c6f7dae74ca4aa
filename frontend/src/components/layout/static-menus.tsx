import { Link } from 'react-router-dom';
import { DisclosureMenu } from '@/components/disclosure-menu/disclosure-menu.tsx';
import { companyMenuLinks, orderingMenuLinks, type SiteLink } from '@/lib/site-links.ts';

/** A header drop-down of fixed links, its list named like its button. */
function LinkMenu({ label, links }: { label: string; links: readonly SiteLink[] }) {
  return (
    <DisclosureMenu label={label}>
      <ul aria-label={label}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </DisclosureMenu>
  );
}

/** The header's Company menu. */
export function CompanyMenu() {
  return <LinkMenu label="Company" links={companyMenuLinks} />;
}

/** The header's Ordering menu. */
export function OrderingMenu() {
  return <LinkMenu label="Ordering" links={orderingMenuLinks} />;
}
