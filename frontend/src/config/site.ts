import { COMPANY_PROFILE, companyPhoneHref } from '@labshop/contracts/company-profile';

/** How the site shows the company's contact details and social profiles: all from the one company profile the mails and PDFs use too. */
export const siteContact = {
  supportPhone: COMPANY_PROFILE.phone,
  supportPhoneHref: companyPhoneHref,
  contactEmail: COMPANY_PROFILE.email,
  supportHours: COMPANY_PROFILE.supportHours,
  privacyEmail: COMPANY_PROFILE.privacyEmail,
  social: COMPANY_PROFILE.social,
};
