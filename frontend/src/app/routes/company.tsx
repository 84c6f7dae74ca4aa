import { useSearchParams, type RouteObject } from 'react-router-dom';
import { siteContact } from '@/config/site.ts';
import { AboutPage } from '@/features/company-pages/components/about.tsx';
import { AboutUsPage } from '@/features/company-pages/components/about-us.tsx';
import { CompanyPage } from '@/features/company-pages/components/company-page.tsx';
import { HistoryPage } from '@/features/company-pages/components/history.tsx';
import { PrivacyPolicyPage } from '@/features/company-pages/components/privacy-policy.tsx';
import { TermsOfSalesPage } from '@/features/company-pages/components/terms-of-sales.tsx';
import { ContactForm } from '@/features/inquiries/contact-form.tsx';
import { contactPrefillFrom } from '@/lib/contact-links.ts';

function ContactUsRoute() {
  const [search] = useSearchParams();
  const prefill = contactPrefillFrom(search);
  return (
    <CompanyPage
      title="Contact Us"
      lead="Questions about a product, an order or a custom project? Send us a message and a specialist replies within one business day."
    >
      <p>
        Call <a href={siteContact.supportPhoneHref}>{siteContact.supportPhone}</a> ({siteContact.supportHours}) or write
        to <a href={`mailto:${siteContact.contactEmail}`}>{siteContact.contactEmail}</a>.
      </p>
      <ContactForm prefill={prefill.subject === '' && prefill.message === '' ? undefined : prefill} />
    </CompanyPage>
  );
}

/** The static company pages (storefront spec: about, about-us, history, privacy-policy, terms-of-sales, contact-us). */
export const companyRoutes: RouteObject[] = [
  { path: 'about', element: <AboutPage /> },
  { path: 'about-us', element: <AboutUsPage /> },
  { path: 'history', element: <HistoryPage /> },
  { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
  { path: 'terms-of-sales', element: <TermsOfSalesPage /> },
  { path: 'contact-us', element: <ContactUsRoute /> },
];
