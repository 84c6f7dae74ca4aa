/**
 * Contact details shown in the footer. Set at build time (VITE_LABSHOP_SUPPORT_PHONE,
 * VITE_LABSHOP_CONTACT_EMAIL); the defaults are the reserved-for-fiction 555-01xx number and the
 * reserved .example domain, so an unconfigured build never points customers at someone else's line.
 */
export const siteContact = {
  supportPhone: (import.meta.env.VITE_LABSHOP_SUPPORT_PHONE as string | undefined) ?? '+1 (800) 555-0100',
  contactEmail: (import.meta.env.VITE_LABSHOP_CONTACT_EMAIL as string | undefined) ?? 'support@labshop.example',
  supportHours: 'Monday to Friday 8.30 am to 5.30 pm EST',
};
