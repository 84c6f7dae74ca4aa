import { describe, expect, it } from 'vitest';
import { pdfText } from '../testing/pdf-text.ts';
import { testOrderView } from '../testing/order-view.ts';
import { invoiceContent, parties } from './invoice-content.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

const issuedAt = '2026-11-23T15:01:00.000Z';
const render = (order = testOrderView(), at = issuedAt) =>
  renderInvoicePdf(invoiceContent(order, 'INV-LUM2311202612345', at), new Date(at));

describe('invoice PDF', () => {
  it('shows the numbers, the parties, every line, the tax with its state and rate, and the total', async () => {
    const { text, pages } = await pdfText(await render());
    expect(pages).toBe(1);
    for (const expected of [
      'INVOICE',
      'Invoice number INV-LUM2311202612345',
      'Order number LUM2311202612345',
      'PO number PO-7781',
      'Invoice date November 23, 2026',
      'Payment terms Net 30',
      'Due date December 23, 2026',
      'LabShop, Inc.',
      'Bill to',
      'Ship to',
      '1 Bench St',
      'New Orleans, LA 70112',
      'EX-100 Exosome isolation kit · Kit A · 100 ml PK-1 2 $45.00 $90.00',
      'MY-250 Mycoplasma detection kit · PCR PK-77 1 $120.00 $120.00',
      'Subtotal $210.00',
      'Sales tax (LA 10.12%) $21.25',
      'Total $231.25',
      'Amount due $231.25',
    ]) {
      expect(text).toContain(expected);
    }
    // An issued invoice never changes, so it states nothing that a payment or a credit would make stale.
    expect(text).not.toMatch(/Amount paid|Balance due/);
  });

  it('names a line whose pack size repeats its product type once, as the catalogue offers it', async () => {
    const [kit, pcr] = testOrderView().lines;
    const order = testOrderView({ lines: [kit!, { ...pcr!, productType: '50 tests', packSize: '50 tests' }] });
    const { text } = await pdfText(await render(order));
    expect(text).toContain('MY-250 Mycoplasma detection kit · 50 tests PK-77 1 $120.00 $120.00');
    expect(text).not.toContain('50 tests · 50 tests');
  });

  it('bills the billing address typed at checkout when the shipping address is not used for the invoice', async () => {
    const billingAddress = {
      firstName: 'Bea',
      lastName: 'Payable',
      email: 'ap@leelabs.example',
      company: 'Lee Labs Finance',
      phone: '555-0199',
      address1: '77 Ledger Ave',
      address2: 'Suite 9',
      city: 'Houston',
      state: 'TX',
      zipCode: '77002',
    };
    const order = testOrderView({ address: { ...testOrderView().address, useForInvoice: false }, billingAddress });
    const { billTo, shipTo } = parties(order);
    expect(billTo).toEqual([
      'Lee Labs Finance',
      'Bea Payable',
      '77 Ledger Ave',
      'Suite 9',
      'Houston, TX 77002',
      'United States',
      '555-0199',
      'ap@leelabs.example',
    ]);
    expect(shipTo).toEqual(['Lee Labs', 'Ann Lee', '1 Bench St', 'New Orleans, LA 70112', 'United States', '555-0101']);
    const { text } = await pdfText(await render(order));
    for (const expected of [
      'Bill to',
      'Ship to',
      'Lee Labs Finance',
      'Bea Payable',
      '77 Ledger Ave',
      'Suite 9',
      'Houston, TX 77002',
      'ap@leelabs.example',
      '1 Bench St',
      'New Orleans, LA 70112',
    ])
      expect(text).toContain(expected);
    // The tax stays the shipping state's: it is where the goods are delivered.
    expect(text).toContain('Sales tax (LA 10.12%) $21.25');
  });

  it('shows the shipping method and its cost, taxed with the goods, and the billing address apart from the ship-to', async () => {
    const billingAddress = {
      firstName: 'Bea',
      lastName: 'Payable',
      email: 'ap@leelabs.example',
      company: 'Lee Labs Finance',
      phone: '555-0199',
      address1: '77 Ledger Ave',
      address2: '',
      city: 'Houston',
      state: 'TX',
      zipCode: '77002',
    };
    const shipping = { method: 'overnight' as const, baseCents: 5_495, dryIceSurchargeCents: 3_500, costCents: 8_995 };
    // $210.00 + $89.95 = $299.95; 10.12% = $30.354… → $30.35.
    const order = testOrderView({
      address: { ...testOrderView().address, useForInvoice: false },
      billingAddress,
      shipping,
      taxCents: 3_035,
      totalCents: 33_030,
    });
    const { text } = await pdfText(await render(order));
    for (const expected of [
      'Subtotal $210.00',
      'Shipping (Overnight + dry ice) $89.95',
      'Sales tax (LA 10.12%) $30.35',
      'Total $330.30',
      'Amount due $330.30',
      'Bill to',
      '77 Ledger Ave',
      'Houston, TX 77002',
      'Ship to',
      'New Orleans, LA 70112',
    ])
      expect(text).toContain(expected);
    // An order placed before shipping was charged prints no shipping line.
    expect((await pdfText(await render())).text).not.toContain('Shipping');
  });

  it('names the exemption number instead of a rate for a tax-exempt buyer', async () => {
    const { text } = await pdfText(
      await render(
        testOrderView({ taxExemptNumber: 'EX-55-1', taxRateBasisPoints: 0, taxCents: 0, totalCents: 21_000 }),
      ),
    );
    expect(text).toContain('Sales tax (exempt: EX-55-1) $0.00');
    expect(text).toContain('Total $210.00');
  });

  it('renders the same bytes for the same order and issue time, other bytes for another issue time', async () => {
    const first = await render();
    expect((await render()).equals(first)).toBe(true);
    expect((await render(testOrderView(), '2026-11-24T09:00:00.000Z')).equals(first)).toBe(false);
  });

  it('continues the lines table on further pages for a long order', async () => {
    const line = testOrderView().lines[0]!;
    const lines = Array.from({ length: 61 }, (_, index) => ({ ...line, catalogNumber: `EX-${index}` }));
    const { text, pages } = await pdfText(await render(testOrderView({ lines })));
    expect(pages).toBe(3);
    // Each page of lines repeats the table's header; the totals that did not fit start the last page.
    expect(text.match(/Cat No\. Description/g)?.length).toBe(2);
    expect(text).toMatch(/EX-60 [^\n]*\s+-- 2 of 3 --\s+Subtotal /);
  });

  it('refuses an order without a purchase order', () => {
    expect(() => invoiceContent(testOrderView({ payment: null }), 'INV-X', issuedAt)).toThrow('has no purchase order');
  });
});
