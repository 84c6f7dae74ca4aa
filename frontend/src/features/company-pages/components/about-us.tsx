import { Link } from 'react-router-dom';
import { fixedServiceHref } from '@/lib/service-page-links.ts';
import { CompanyPage } from './company-page.tsx';

export function AboutUsPage() {
  return (
    <CompanyPage
      title="About Us"
      lead="We supply research laboratories with the consumables, instruments and custom services that keep their experiments moving."
    >
      <p>
        LabShop serves academic, government, biotech and pharmaceutical laboratories in the United States. Our catalogue
        covers cell culture media and reagents, mycoplasma detection and elimination, DNA/RNA isolation kits, exosome
        isolation and analysis, western blot and electrophoresis supplies, microbiology media, lab consumables and
        instruments.
      </p>
      <h2>Custom research services</h2>
      <p>
        Our scientists run the work many laboratories would rather not set up themselves:{' '}
        <Link to={fixedServiceHref('plasmid-production-services')}>plasmid production</Link>,{' '}
        <Link to={fixedServiceHref('lentivirus-packaging-&-production-services')}>lentivirus packaging</Link>,{' '}
        <Link to={fixedServiceHref('exosome-production-&-purification-services')}>exosome production</Link>,{' '}
        <Link to={fixedServiceHref('cell-line-identification-&-authentication-services')}>
          cell line authentication
        </Link>{' '}
        and <Link to={fixedServiceHref('cell-based-bioassay-contract-research-services')}>cell-based bioassays</Link>.
        Studies can follow GLP, and our documentation supports FDA submissions.
      </p>
      <h2>How we work</h2>
      <ul>
        <li>Products for research use only, shipped from US warehouses with lot-specific certificates of analysis.</li>
        <li>Technical support from scientists, Monday to Friday 8.30 am to 5.30 pm EST.</li>
        <li>
          Purchase orders and quotes welcome: institutions order on Net 30 terms (see our{' '}
          <Link to="/terms-of-sales">Terms of Sales</Link>).
        </li>
      </ul>
    </CompanyPage>
  );
}
