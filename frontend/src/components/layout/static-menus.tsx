import { LinkMenu } from '@/components/disclosure-menu/link-menu.tsx';
import { companyMenuLinks, orderingMenuLinks } from '@/lib/site-links.ts';

/** The header's Company menu. */
export function CompanyMenu() {
  return <LinkMenu label="Company" links={companyMenuLinks} />;
}

/** The header's Ordering menu. */
export function OrderingMenu() {
  return <LinkMenu label="Ordering" links={orderingMenuLinks} />;
}
