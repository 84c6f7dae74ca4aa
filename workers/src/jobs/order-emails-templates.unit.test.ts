import { describe, expect, it } from 'vitest';
import { testOrderView } from '../testing/order-view.ts';
import { renderOrderEmail } from './order-emails-templates.ts';
import { createSendOrderEmailProcessor } from './order-emails.ts';

const links = { publicUrl: 'https://shop.example', salesEmail: 'sales@labshop.test' };

describe('order email templates', () => {
  it('says the same in text and HTML, with the lines, tax and total, and escapes what customers typed', () => {
    const order = testOrderView({
      address: { ...testOrderView().address, firstName: 'Ann <b>', lastName: 'Lee & Co' },
    });
    const mail = renderOrderEmail(
      order,
      { template: 'order-confirmation', invoiceNumber: 'INV-LUM2311202612345' },
      links,
    );
    expect(mail).toMatchObject({
      to: 'ann@example.com',
      subject: 'Order LUM2311202612345 received — invoice INV-LUM2311202612345',
    });
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

  it('shows the shipping method and its cost between the subtotal and the tax, and none for an order placed before shipping was charged', () => {
    // $210.00 + Overnight $54.95 + dry ice $35.00 = $299.95; 10.12% = $30.35; total $330.30.
    const shipping = { method: 'overnight' as const, baseCents: 5_495, dryIceSurchargeCents: 3_500, costCents: 8_995 };
    const order = testOrderView({ shipping, taxCents: 3_035, totalCents: 33_030 });
    const mail = renderOrderEmail(
      order,
      { template: 'order-confirmation', invoiceNumber: 'INV-LUM2311202612345' },
      links,
    );
    expect(mail.text).toContain(
      'Subtotal  $210.00\nShipping (Overnight + dry ice)  $89.95\nSales tax (LA 10.12%)  $30.35\nTotal  $330.30',
    );
    expect(mail.html).toContain(
      'Shipping (Overnight + dry ice)</td><td style="padding:4px 0;border-bottom:1px solid #e3e8ee;text-align:right;white-space:nowrap">$89.95</td>',
    );
    const old = renderOrderEmail(
      testOrderView(),
      { template: 'order-confirmation', invoiceNumber: 'INV-LUM2311202612345' },
      links,
    );
    expect(old.text).not.toContain('Shipping');
  });

  it('says per line what stock reserved and what is on backorder', () => {
    const order = testOrderView();
    const lines = order.lines.map((line) => ({ ...line, reservedQuantity: 1, backorderedQuantity: line.quantity - 1 }));
    const mail = renderOrderEmail(
      { ...order, lines },
      { template: 'order-confirmation', invoiceNumber: 'INV-LUM2311202612345' },
      links,
    );
    expect(mail.text).toContain(
      'EX-100 Exosome isolation kit (100 ml) × 2 at $45.00 (1 reserved, 1 on backorder)  $90.00',
    );
    expect(mail.html).toContain('(1 reserved, 1 on backorder)');
  });

  it('names the exemption instead of a rate, and a quote request goes to My Quotes', () => {
    const exempt = testOrderView({
      taxExemptNumber: 'EX-55-1',
      taxRateBasisPoints: 0,
      taxCents: 0,
      payment: { kind: 'quote', company: '', name: '', poNumber: '' },
    });
    const mail = renderOrderEmail(exempt, { template: 'quote-received' }, links);
    expect(mail.text).toContain('Sales tax (exempt: EX-55-1)  $0.00');
    expect(mail.text).toContain('https://shop.example/my-order?tab=quotes');
    expect(renderOrderEmail(exempt, { template: 'sales-notification' }, links)).toMatchObject({
      to: 'sales@labshop.test',
      subject: 'New quote request LUM2311202612345 from Lee Labs',
    });
  });

  it('tells sales of a purchase order by its PO number, and of one without a number with no empty "(PO )"', () => {
    const withNumber = renderOrderEmail(testOrderView(), { template: 'sales-notification' }, links);
    expect(withNumber.subject).toBe('New purchase order LUM2311202612345 (PO PO-7781) — $231.25');
    expect(withNumber.text).toContain('submitted a purchase order (PO PO-7781) for order LUM2311202612345.');
    const payment = { ...testOrderView().payment!, poNumber: ' ' };
    const blank = renderOrderEmail(testOrderView({ payment }), { template: 'sales-notification' }, links);
    expect(blank.subject).toBe('New purchase order LUM2311202612345 — $231.25');
    expect(blank.text).toContain('submitted a purchase order for order LUM2311202612345.');
  });

  it('skips the sales notification when SALES_EMAIL is not set, touching nothing', async () => {
    const untouchable = new Proxy(
      {},
      {
        get: () => {
          throw new Error('not to be used');
        },
      },
    );
    const process = createSendOrderEmailProcessor({
      eventStore: untouchable as never,
      invoices: untouchable as never,
      mailSender: untouchable as never,
      runOnce: untouchable as never,
      messageIdDomain: 'labshop.test',
      settings: { publicUrl: links.publicUrl },
    });
    const data = { template: 'sales-notification', orderId: testOrderView().orderId, revision: 1 };
    expect(await process({ id: 'job-1', data })).toEqual({ outcome: 'skipped', reason: 'SALES_EMAIL is not set' });
  });
});
