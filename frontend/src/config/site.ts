import { SUPPORT_HOURS } from '@labshop/shared/dates';
/**
 * Contact details shown in the footer. Set at build time (VITE_LABSHOP_SUPPORT_PHONE,
 * VITE_LABSHOP_CONTACT_EMAIL); the defaults are the reserved-for-fiction 555-01xx number and the
 * reserved .example domain, so an unconfigured build never points customers at someone else's line.
 */
export const siteContact = {
  supportPhone: (import.meta.env.VITE_LABSHOP_SUPPORT_PHONE as string | undefined) ?? '+1 (800) 555-0100',
  contactEmail: (import.meta.env.VITE_LABSHOP_CONTACT_EMAIL as string | undefined) ?? 'support@labshop.example',
  supportHours: SUPPORT_HOURS,
  /** Where customers ask about, download or erase their data (privacy policy). */
  privacyEmail: (import.meta.env.VITE_LABSHOP_PRIVACY_EMAIL as string | undefined) ?? 'privacy@labshop.example',
  /**
   * The footer's social links (storefront spec), set at build time (VITE_LABSHOP_LINKEDIN_URL,
   * VITE_LABSHOP_X_URL, VITE_LABSHOP_YOUTUBE_URL); unset ones are left out, so no guessed profile of
   * someone else is ever linked.
   */
  social: [
    { label: 'LinkedIn', href: import.meta.env.VITE_LABSHOP_LINKEDIN_URL as string | undefined },
    { label: 'X', href: import.meta.env.VITE_LABSHOP_X_URL as string | undefined },
    { label: 'YouTube', href: import.meta.env.VITE_LABSHOP_YOUTUBE_URL as string | undefined },
  ].filter((link): link is { label: string; href: string } => link.href !== undefined && link.href !== ''),
};
