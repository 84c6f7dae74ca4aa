import { Link } from 'react-router-dom';
import { COMPANY_PROFILE } from '@labshop/contracts/company-profile';
import { siteContact } from '@/config/site.ts';
import { companyLinks, fixedServiceLinks, shopLinks, type SiteLink } from '@/lib/site-links.ts';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <FooterLinks id="footer-shop" heading="Shop" links={shopLinks} />
        <FooterLinks id="footer-company" heading="Company" links={companyLinks} />
        <FooterLinks id="footer-services" heading="Research services" links={fixedServiceLinks} />
        <section aria-labelledby="footer-support">
          <h2 id="footer-support" className="site-footer__heading">
            Customer support
          </h2>
          <p>
            <a href={siteContact.supportPhoneHref}>{siteContact.supportPhone}</a>
          </p>
          <p>{siteContact.supportHours}</p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            Contact
          </h2>
          <p>
            <a href={`mailto:${siteContact.contactEmail}`}>{siteContact.contactEmail}</a>
          </p>
          <ul className="site-footer__links site-footer__social" aria-label="Follow us">
            {siteContact.social.map((link) => (
              <li key={link.label}>
                <a href={link.href} rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="container site-footer__legal">
        <p>
          © {new Date().getFullYear()} {COMPANY_PROFILE.legalName} All rights reserved.
        </p>
        <p>All trademarks mentioned are the property of their respective owners. Products are for research use only.</p>
      </div>
    </footer>
  );
}

/** A column of the footer: a navigation landmark named by its heading. */
function FooterLinks({ id, heading, links }: { id: string; heading: string; links: readonly SiteLink[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="site-footer__heading">
        {heading}
      </h2>
      <ul className="site-footer__links">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
