import { Link } from 'react-router-dom';
import { CompanyPage } from './company-page.tsx';

/** /about: the spec keeps it a placeholder; it points to the pages that say more. */
export function AboutPage() {
  return (
    <CompanyPage
      title="About"
      lead="Supplies and custom research services for life-science laboratories across the United States."
    >
      <p>
        Learn <Link to="/about-us">who we are and what we do</Link>, read <Link to="/history">our history</Link>, or{' '}
        <Link to="/contact-us">get in touch</Link>.
      </p>
    </CompanyPage>
  );
}
