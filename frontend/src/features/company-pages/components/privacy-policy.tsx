import { Link } from 'react-router-dom';
import { siteContact } from '@/config/site.ts';
import { ErasureStatementText } from '@/components/erasure-statement/erasure-statement.tsx';
import { CompanyPage } from './company-page.tsx';

export function PrivacyPolicyPage() {
  const privacyMail = <a href={`mailto:${siteContact.privacyEmail}`}>{siteContact.privacyEmail}</a>;
  return (
    <CompanyPage title="Privacy Policy" lead="What we keep about you, why, and how you get a copy or have it erased.">
      <h2>What we keep</h2>
      <ul>
        <li>
          <strong>Your account:</strong> title, name, email address, your newsletter choice and when you accepted our
          terms. Your password is stored only as a salted one-way hash; nobody at LabShop can read it.
        </li>
        <li>
          <strong>Your profile and addresses:</strong> company, phone, shipping and invoice addresses and a tax exempt
          number if you give one.
        </li>
        <li>
          <strong>Your orders and quotes:</strong> what you ordered, the prices, tax and totals, the purchase order
          number, and the order&apos;s progress (confirmation, shipping, tracking number).
        </li>
        <li>
          <strong>Your invoices and credit notes:</strong> the PDF invoice of each purchase order or accepted quote, and
          any credit note against it.
        </li>
        <li>
          <strong>Payment details:</strong> the card type and the last four digits of the card only. The full card
          number and the CVV are checked when you submit and never stored or logged.
        </li>
        <li>
          <strong>Inquiries and contact messages:</strong> what you write to us through the service pages and the
          contact form, with the address and browser your message came from, which we keep to stop abuse of the forms.
        </li>
        <li>
          <strong>In your browser:</strong> your cart and your sign-in session, so the shop remembers them between
          pages. We use no advertising or tracking cookies.
        </li>
      </ul>
      <h2>Why we keep it</h2>
      <p>
        To deliver and invoice your orders, answer your inquiries, keep your account secure, and meet our tax and
        accounting obligations. We do not sell your data. We share it only with the carriers that deliver your order and
        the providers that host our systems and send our email, under contracts that bind them to this policy.
      </p>
      <h2>Your data, your choice</h2>
      <ul>
        <li>
          <strong>Download your data:</strong> signed in, from <Link to="/my-account">My Account</Link> (a copy of your
          account, addresses, orders, quotes, invoices, your cart, the inquiries and messages sent from your
          account&apos;s email or an email your orders went to, and each of your actions with the network address and
          browser we recorded), or write to {privacyMail}.
        </li>
        <li>
          <strong>Erase your data:</strong> write to {privacyMail} from the email address of your account. Once we have
          confirmed it is you, we erase you, which does exactly this:
          <ErasureStatementText erasedHeading="What is erased:" retainedHeading="What stays:" />
        </li>
        <li>
          <strong>Inquiries and contact messages</strong> without an account: write to {privacyMail} naming the email
          address you used, and we tell you what we hold and remove it.
        </li>
        <li>
          <strong>Newsletter:</strong> every newsletter has an unsubscribe link.
        </li>
      </ul>
      <h2>Security</h2>
      <p>
        Connections to the shop are encrypted; passwords and email link tokens are stored only as hashes; staff access
        is limited to the back office and every change made there is recorded with the name of the person who made it.
      </p>
      <h2>Questions</h2>
      <p>
        Write to {privacyMail} or see <Link to="/contact-us">Contact Us</Link>.
      </p>
    </CompanyPage>
  );
}
