import { Link } from 'react-router-dom';
import type { SiteLink } from '@/lib/site-links.ts';

/** The foot of a header drop-down's list: a separator, then the link to the whole of it (All Products, All Services). */
export function MenuAllLink({ link, className }: { link: SiteLink; className?: string }) {
  return (
    <>
      <li className="disclosure-menu__separator" aria-hidden="true" />
      <li>
        <Link to={link.to} className={className}>
          {link.label}
        </Link>
      </li>
    </>
  );
}
