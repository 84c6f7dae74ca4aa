import { describe, expect, it } from 'vitest';
import { COMPANY_PROFILE } from '@labshop/contracts/company-profile';
import { deriveEmailTokenKey } from '@labshop/platform/auth/email-tokens';
import { invoiceContent } from './invoices/invoice-content.ts';
import { renderInvoicePdf } from './invoices/invoice-pdf.ts';
import { renderCustomerEmail } from './jobs/customer-emails-templates.ts';
import { renderOrderEmail } from './jobs/order-emails-templates.ts';
import { pdfText } from './testing/pdf-text.ts';
import { testOrderView } from './testing/order-view.ts';

/** The site's footer shows the company profile's phone and email; the documents and mails must say the same. */
describe('one company profile for the PDFs and the mails', () => {
  it('the invoice names the company profile’s phone and email as the seller’s, nothing else', async () => {
    const issuedAt = '2026-11-23T15:01:00.000Z';
    const { text } = await pdfText(
      await renderInvoicePdf(invoiceContent(testOrderView(), 'INV-LUM2311202612345', issuedAt), new Date(issuedAt)),
    );
    expect(text).toContain(COMPANY_PROFILE.phone);
    expect(text).toContain(COMPANY_PROFILE.email);
    expect(text).toContain(COMPANY_PROFILE.addressLines[0]);
    expect(text).not.toMatch(/labshop\.local|\(617\)/);
  });

  it('every mail closes with the company profile’s phone and email, in text and HTML', () => {
    const order = renderOrderEmail(
      testOrderView(),
      { template: 'order-confirmation', invoiceNumber: 'INV-1' },
      { publicUrl: 'https://shop.example', salesEmail: 'sales@labshop.test' },
    );
    const welcome = renderCustomerEmail(
      { template: 'welcome', to: 'ann@example.com', title: 'Ms', firstName: 'Ann', lastName: 'Lee' },
      { publicUrl: 'https://shop.example', tokenKey: deriveEmailTokenKey('test-secret-that-is-long-enough-for-hs256') },
    );
    for (const body of [order.text, order.html, welcome.text, welcome.html]) {
      expect(body).toContain(COMPANY_PROFILE.phone);
      expect(body).toContain(COMPANY_PROFILE.email);
    }
  });
});
