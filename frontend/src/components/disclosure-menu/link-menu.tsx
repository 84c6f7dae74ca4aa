import { Link } from 'react-router-dom';
import type { SiteLink } from '@/lib/site-links.ts';
import { DisclosureMenu } from './disclosure-menu.tsx';
import { MenuAllLink } from './menu-all-link.tsx';

interface LinkMenuProps {
  label: string;
  links: readonly SiteLink[];
  /** The link to the whole list, after a separator at the foot. */
  allLink?: SiteLink;
}

/** A header drop-down of links, its list named like its button. */
export function LinkMenu({ label, links, allLink }: LinkMenuProps) {
  return (
    <DisclosureMenu label={label}>
      <ul aria-label={label}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
        {allLink !== undefined && <MenuAllLink link={allLink} />}
      </ul>
    </DisclosureMenu>
  );
}
