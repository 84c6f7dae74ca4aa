import { siteContact } from '@/config/site.ts';

export function SiteFooter() {
  const phoneHref = `tel:${siteContact.supportPhone.replace(/[^\d+]/g, '')}`;
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
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
        </section>
      </div>
      <div className="container site-footer__legal">
        <p>© {new Date().getFullYear()} LabShop. All rights reserved.</p>
      </div>
    </footer>
  );
}
