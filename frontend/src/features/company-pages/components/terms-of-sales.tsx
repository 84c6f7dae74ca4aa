import { SHIPPING_RULE } from '@labshop/contracts/orders/shipping';
import { TAX_EXEMPTION_RULE } from '@labshop/contracts/orders/tax-exemption';
import { Link } from 'react-router-dom';
import { CompanyPage } from './company-page.tsx';

/** The spec's terms (back-office spec §9 'Terms of sales'), written out as a customer reads them. */
export function TermsOfSalesPage() {
  return (
    <CompanyPage title="Terms of Sales" lead="The terms every order, quote and service is sold under.">
      <div className="terms-summary" role="note" aria-label="The terms in short">
        <ul>
          <li>Returns reported within 3 days, returned within 5 days; 20% restocking fee.</li>
          <li>Warranty 6 months; claims within 30 days.</li>
          <li>Payment due within 30 days; late charge 1.5% per month.</li>
          <li>Credits expire after 6 months.</li>
          <li>Prices in US dollars.</li>
        </ul>
      </div>
      <h2>1. Prices and quotes</h2>
      <p>
        All prices are in US dollars (USD) and exclude shipping. {SHIPPING_RULE} Sales tax is charged at the rate of the
        delivery state. {TAX_EXEMPTION_RULE} An order placed before the certificate is verified keeps the tax it was
        charged. A quote is valid for the period stated on it.
      </p>
      <h2>2. Payment</h2>
      <p>
        Payment is due within 30 days of the invoice date (Net 30). Overdue amounts carry a late charge of 1.5% per
        month until paid. We may hold further shipments while an invoice is overdue.
      </p>
      <h2>3. Acceptance</h2>
      <p>Products are deemed accepted unless they are returned within 10 days of delivery.</p>
      <h2>4. Returns</h2>
      <p>
        Returns must be reported to us within 3 days of delivery and the products returned within 5 days, in their
        original packaging and condition, with the return number we give you. Accepted returns carry a 20% restocking
        fee. Custom products, custom services, and products shipped on dry ice or requiring refrigeration cannot be
        returned unless they arrived damaged or defective.
      </p>
      <h2>5. Warranty</h2>
      <p>
        Products are warranted to meet their published specifications for 6 months from delivery, or until their expiry
        date if sooner, when stored and used as directed. Warranty claims must be made within 30 days of discovering the
        defect. We replace the product or credit its price; we are not liable for indirect or consequential losses.
      </p>
      <h2>6. Credits</h2>
      <p>Credits issued for returns or claims expire 6 months after they are issued.</p>
      <h2>7. Research use</h2>
      <p>
        Unless stated otherwise, products are for research use only and not for diagnostic or therapeutic use in humans
        or animals.
      </p>
      <h2>8. Questions</h2>
      <p>
        See <Link to="/contact-us">Contact Us</Link> or call our support team, Monday to Friday 8.30 am to 5.30 pm EST.
      </p>
    </CompanyPage>
  );
}
