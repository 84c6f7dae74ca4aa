import { Link } from 'react-router-dom';
import { siteContact } from '@/config/site.ts';
import { fixedServiceHref, fixedServicePages } from '@/lib/service-page-links.ts';

export function SiteFooter() {
  const phoneHref = `tel:${siteContact.supportPhone.replace(/[^\d+]/g, '')}`;
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <nav aria-labelledby="footer-shop">
          <h2 id="footer-shop" className="site-footer__heading">
            Shop
          </h2>
          <ul className="site-footer__links">
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/products">All Products</Link>
            </li>
            <li>
              <Link to="/search">Search the catalogue</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="site-footer__heading">
            Company
          </h2>
          <ul className="site-footer__links">
            <li>
              <Link to="/about-us">About Us</Link>
            </li>
            <li>
              <Link to="/history">History</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms-of-sales">Terms of Sales</Link>
            </li>
            <li>
              <Link to="/contact-us">Contact Us</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className="site-footer__heading">
            Research services
          </h2>
          <ul className="site-footer__links">
            {fixedServicePages.map((page) => (
              <li key={page.path}>
                <Link to={fixedServiceHref(page.path)}>{page.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-support">
          <h2 id="footer-support" className="site-footer__heading">
            Customer support
          </h2>
          <p>
            <a href={phoneHref}>{siteContact.supportPhone}</a>
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
          {siteContact.social.length > 0 && (
            <ul className="site-footer__links site-footer__social" aria-label="Follow us">
              {siteContact.social.map((link) => (
                <li key={link.label}>
                  <a href={link.href} rel="noopener noreferrer">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <div className="container site-footer__legal">
        <p>© {new Date().getFullYear()} LabShop. All rights reserved.</p>
        <p>All trademarks mentioned are the property of their respective owners. Products are for research use only.</p>
      </div>
    </footer>
  );
}
