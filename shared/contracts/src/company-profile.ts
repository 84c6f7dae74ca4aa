import { SUPPORT_HOURS } from './dates.ts';

/**
 * The company behind the shop, in the one place the site (footer, contact page, product help, privacy
 * policy), the emails and the PDF invoices and credit notes read it from, so they can never disagree.
 * These are placeholder details: the reserved-for-fiction 555-01xx number and the reserved `.example`
 * domain. Replace them with the registered ones before the first real invoice (an issued invoice never
 * changes) and confirm the social profiles are the company's own.
 */
export const COMPANY_PROFILE = {
  name: 'LabShop',
  legalName: 'LabShop, Inc.',
  tagline: 'supplies and services for life-science laboratories',
  addressLines: ['100 Research Park Drive, Suite 200', 'Boston, MA 02110', 'United States'],
  phone: '+1 (800) 555-0100',
  supportHours: SUPPORT_HOURS,
  /** Customer support: orders, quotes, invoices, products. */
  email: 'support@labshop.example',
  /** Where customers ask about, download or erase their data (privacy policy). */
  privacyEmail: 'privacy@labshop.example',
  social: [
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/labshop-example' },
    { label: 'X', href: 'https://x.com/labshop_example' },
    { label: 'YouTube', href: 'https://www.youtube.com/@labshop-example' },
  ],
} as const;

/** A `tel:` link to the company's phone. */
export const companyPhoneHref = `tel:${COMPANY_PROFILE.phone.replace(/[^\d+]/g, '')}`;

/** The closing line of every email: who we are and how to reach us. */
export const companySignature = `${COMPANY_PROFILE.name} — ${COMPANY_PROFILE.tagline} · ${COMPANY_PROFILE.phone} · ${COMPANY_PROFILE.email}`;

/** The seller block of invoices and credit notes: legal name, address, email and phone. */
export const companySellerLines = [...COMPANY_PROFILE.addressLines, COMPANY_PROFILE.email, COMPANY_PROFILE.phone];
