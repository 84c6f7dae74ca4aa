import { describe, expect, it } from 'vitest';
import { testOrderView } from '../testing/order-view.ts';
import { renderOrderEmail } from './order-emails-templates.ts';
import { createSendOrderEmailProcessor } from './order-emails.ts';

const links = { publicUrl: 'https://shop.example', salesEmail: 'sales@labshop.test' };

describe('order email templates', () => {
  it('says the same in text and HTML, with the lines, tax and total, and escapes what customers typed', () => {
    const order = testOrderView({ address: { ...testOrderView().address, firstName: 'Ann <b>', lastName: 'Lee & Co' } });
    const mail = renderOrderEmail(order, { template: 'order-confirmation', invoiceNumber: 'INV-LUM2311202612345' }, links);
    expect(mail).toMatchObject({ to: 'ann@example.com', subject: 'Order LUM2311202612345 received — invoice INV-LUM2311202612345' });
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('PO-7781');
      expect(body).toContain('$231.25');
      expect(body).toContain('LA 10.12%');
      expect(body).toContain('https://shop.example/my-order');
    }
    expect(mail.text).toContain('EX-100 Exosome isolation kit (100 ml) × 2 at $45.00  $90.00');
    expect(mail.html).toContain('Dear Ann &lt;b&gt; Lee &amp; Co,');
    expect(mail.html).not.toContain('<b>');
  });

  it('says per line what stock reserved and what is on backorder', () => {
    const order = testOrderView();
    const lines = order.lines.map((line) => ({ ...line, reservedQuantity: 1, backorderedQuantity: line.quantity - 1 }));
    const mail = renderOrderEmail({ ...order, lines }, { template: 'order-confirmation', invoiceNumber: 'INV-LUM2311202612345' }, links);
    expect(mail.text).toContain('EX-100 Exosome isolation kit (100 ml) × 2 at $45.00 (1 reserved, 1 on backorder)  $90.00');
    expect(mail.html).toContain('(1 reserved, 1 on backorder)');
  });

  it('names the exemption instead of a rate, and a quote request goes to My Quotes', () => {
    const exempt = testOrderView({ taxExemptNumber: 'EX-55-1', taxRateBasisPoints: 0, taxCents: 0, payment: { kind: 'quote', company: '', name: '', poNumber: '' } });
    const mail = renderOrderEmail(exempt, { template: 'quote-received' }, links);
    expect(mail.text).toContain('Sales tax (exempt: EX-55-1)  $0.00');
    expect(mail.text).toContain('https://shop.example/my-order?tab=quotes');
    expect(renderOrderEmail(exempt, { template: 'sales-notification' }, links)).toMatchObject({ to: 'sales@labshop.test', subject: 'New quote request LUM2311202612345 from Lee Labs' });
  });

  it('skips the sales notification when SALES_EMAIL is not set, touching nothing', async () => {
    const untouchable = new Proxy({}, { get: () => { throw new Error('not to be used'); } });
    const process = createSendOrderEmailProcessor({ eventStore: untouchable as never, invoices: untouchable as never, mailSender: untouchable as never, runOnce: untouchable as never, messageIdDomain: 'labshop.test', settings: { publicUrl: links.publicUrl } });
    const data = { template: 'sales-notification', orderId: testOrderView().orderId, revision: 1 };
    expect(await process({ id: 'job-1', data })).toEqual({ outcome: 'skipped', reason: 'SALES_EMAIL is not set' });
  });
});
