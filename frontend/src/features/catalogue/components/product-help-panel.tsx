import { Link } from 'react-router-dom';
import { siteContact } from '@/config/site.ts';
import { subproductHref } from '@/lib/catalogue-links.ts';
import type { ProductDetail } from '../api/get-product-detail.ts';

export function ProductHelpPanel({ detail }: { detail: ProductDetail }) {
  const subject = encodeURIComponent(
    `Question about ${detail.subproduct.name} ${detail.productType}${detail.catalogNumber === '' ? '' : ` (Cat. No. ${detail.catalogNumber})`}`,
  );
  return (
    <aside className="help-panel" aria-labelledby="help-panel-heading">
      <h2 id="help-panel-heading" className="help-panel__heading">
        Need help?
      </h2>
      <ul>
        <li>
          <a href={siteContact.supportPhoneHref}>Call {siteContact.supportPhone}</a>
          <span className="help-panel__hint">{siteContact.supportHours}</span>
        </li>
        <li>
          <a href={`mailto:${siteContact.contactEmail}?subject=${subject}`}>Ask about this product by email</a>
        </li>
        {detail.productUrl !== null && (
          <li>
            <a href={detail.productUrl} target="_blank" rel="noopener noreferrer">
              Manufacturer’s product page<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        )}
        <li>
          <Link to={subproductHref(detail.subproduct.subproductId, detail.subproduct.name)}>
            More {detail.subproduct.name}
          </Link>
        </li>
        <li>
          <Link to="/products">All Products</Link>
        </li>
      </ul>
    </aside>
  );
}
