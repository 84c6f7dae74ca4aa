import { fixedServiceHref, fixedServicePages } from './service-page-links.ts';

/** A link of the site's navigation: where it goes and what it says. */
export interface SiteLink {
  to: string;
  label: string;
}

const termsOfSales: SiteLink = { to: '/terms-of-sales', label: 'Terms of Sales' };

/** The header's Company menu (storefront spec: About Us, History, Privacy Policy). */
export const companyMenuLinks: readonly SiteLink[] = [
  { to: '/about-us', label: 'About Us' },
  { to: '/history', label: 'History' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
];

/** The header's Ordering menu (storefront spec: Log-in/Register, Terms of Sales). */
export const orderingMenuLinks: readonly SiteLink[] = [{ to: '/signin', label: 'Log-in/Register' }, termsOfSales];

/** Every company page: the footer's Company column and the company pages' own menu. */
export const companyLinks: readonly SiteLink[] = [
  ...companyMenuLinks,
  termsOfSales,
  { to: '/contact-us', label: 'Contact Us' },
];

/** The footer's Shop column. */
export const shopLinks: readonly SiteLink[] = [
  { to: '/', label: 'Home' },
  { to: '/products', label: 'All Products' },
  { to: '/search', label: 'Search the catalogue' },
];

/** The five fixed service pages, as the footer's Research services column lists them. */
export const fixedServiceLinks: readonly SiteLink[] = fixedServicePages.map((page) => ({
  to: fixedServiceHref(page.path),
  label: page.name,
}));
