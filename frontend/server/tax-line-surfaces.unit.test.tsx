import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { salesTaxRates, taxCents } from '@labshop/contracts/tax/sales-tax';
import { emptyLedgerState, foldLedger, ledgerAt } from '@labshop/contracts/finance/ledger';
import { testOrderPlacedData } from '@labshop/contracts/testing/orders';
import { invoiceContent } from '@labshop/workers/invoices/invoice-content';
import { renderInvoicePdf } from '@labshop/workers/invoices/invoice-pdf';
import { renderOrderEmail } from '@labshop/workers/jobs/order-emails-templates';
import { testOrderView } from '@labshop/workers/testing/order-view';
import { pdfText } from '@labshop/workers/testing/pdf-text';
import { orderShippingRow, salesTaxLabel } from '@/features/checkout/checkout-tax.ts';
import { OrderSummary } from '@/features/checkout/components/order-summary.tsx';
import { OrderLinesTable } from '@/features/order-desk/components/order-lines-table.tsx';

/**
 * The tax line of every jurisdiction as each surface prints it: checkout's summary, the order desk's
 * Lines table, the invoice PDF (read back) and the order email. One text per jurisdiction, the same on all.
 */
const TAX_LINE = /Sales tax \([^)]*\)/g;
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replaceAll('&amp;', '&');
const taxLinesIn = (text: string) => text.match(TAX_LINE) ?? [];

describe('the tax line on every surface', () => {
  it('prints one text per jurisdiction, with the state code and the rate to 2 decimals', async () => {
    expect(salesTaxRates).toHaveLength(51);
    const rows: string[] = [];
    for (const { code, rateBasisPoints } of salesTaxRates) {
      const subtotalCents = 21_000;
      const tax = taxCents(subtotalCents, rateBasisPoints);
      const order = testOrderView({
        taxState: code,
        taxRateBasisPoints: rateBasisPoints,
        taxCents: tax,
        totalCents: subtotalCents + tax,
        address: { ...testOrderView().address, state: code },
      });

      const checkout = textOf(
        renderToStaticMarkup(
          <OrderSummary
            lines={order.lines}
            subtotalCents={subtotalCents}
            shipping={orderShippingRow(order)}
            taxLabel={salesTaxLabel(code, '')}
            totals={{ taxCents: tax, totalCents: subtotalCents + tax }}
          />,
        ),
      );
      const desk = textOf(renderToStaticMarkup(<OrderLinesTable order={order} />));
      const email = renderOrderEmail(
        order,
        { template: 'order-confirmation', invoiceNumber: `INV-${order.orderNumber}` },
        { publicUrl: 'https://shop.example' },
      ).text;
      const invoice = (
        await pdfText(
          await renderInvoicePdf(
            invoiceContent(order, `INV-${order.orderNumber}`, '2026-11-25T15:00:00.000Z'),
            new Date('2026-11-25T15:00:00.000Z'),
          ),
        )
      ).text;

      const found = new Set([checkout, desk, email, invoice].flatMap(taxLinesIn));
      const surfacesWithOne = [checkout, desk, email, invoice].map((text) => taxLinesIn(text).length);
      expect(surfacesWithOne, code).toEqual([1, 1, 1, 1]);
      expect([...found], code).toHaveLength(1);
      const [line] = [...found] as [string];
      const match = /^Sales tax \(([A-Z]{2}) (\d+)\.(\d{2})%\)$/.exec(line);
      expect(match, line).not.toBeNull();
      expect([match![1], Number(match![2]) * 100 + Number(match![3])]).toEqual([code, rateBasisPoints]);
      rows.push(line);
    }
    // A whole rate keeps both decimals too.
    expect(rows).toContain('Sales tax (DC 6.00%)');
  });

  it('prints an exemption the same way on every surface', async () => {
    const order = testOrderView({ taxExemptNumber: 'EX-55-1', taxRateBasisPoints: 0, taxCents: 0, totalCents: 21_000 });
    const checkout = salesTaxLabel('LA', ' EX-55-1 ');
    const desk = textOf(renderToStaticMarkup(<OrderLinesTable order={order} />));
    const email = renderOrderEmail(
      order,
      { template: 'order-confirmation', invoiceNumber: 'INV-1' },
      { publicUrl: 'https://shop.example' },
    ).text;
    const invoice = (
      await pdfText(
        await renderInvoicePdf(
          invoiceContent(order, 'INV-1', '2026-11-25T15:00:00.000Z'),
          new Date('2026-11-25T15:00:00.000Z'),
        ),
      )
    ).text;
    expect(new Set([checkout, desk, email, invoice].flatMap(taxLinesIn))).toEqual(
      new Set(['Sales tax (exempt: EX-55-1)']),
    );
  });

  it('prints the shipping method and the one figure of its cost on every surface, and the ledger counts it', async () => {
    // $210.00 + Overnight $54.95 + dry ice $35.00 = $299.95; 10.12% = $30.35; total $330.30.
    const shipping = { method: 'overnight' as const, baseCents: 5_495, dryIceSurchargeCents: 3_500, costCents: 8_995 };
    const order = testOrderView({ shipping, taxCents: 3_035, totalCents: 33_030 });
    const checkout = textOf(
      renderToStaticMarkup(
        <OrderSummary
          lines={order.lines}
          subtotalCents={order.subtotalCents}
          shipping={orderShippingRow(order)}
          taxLabel={salesTaxLabel('LA', '')}
          totals={order}
        />,
      ),
    );
    const desk = textOf(renderToStaticMarkup(<OrderLinesTable order={order} />));
    const email = renderOrderEmail(
      order,
      { template: 'order-confirmation', invoiceNumber: 'INV-1' },
      { publicUrl: 'https://shop.example' },
    ).text;
    const invoice = (
      await pdfText(
        await renderInvoicePdf(
          invoiceContent(order, 'INV-1', '2026-11-25T15:00:00.000Z'),
          new Date('2026-11-25T15:00:00.000Z'),
        ),
      )
    ).text;
    for (const surface of [checkout, desk, email, invoice]) {
      expect(surface.replace(/\s+/g, ' ')).toMatch(/Shipping \(Overnight \+ dry ice\) \$89\.95/);
      expect(surface).toContain('$330.30');
    }
    const state = emptyLedgerState();
    const placed = testOrderPlacedData(order.orderId, 'c1', order.placedAt, {
      shipping,
      subtotalCents: 21_000,
      taxCents: 3_035,
      totalCents: 33_030,
    });
    foldLedger(state, { type: 'OrderPlaced', data: placed });
    foldLedger(state, {
      type: 'PurchaseOrderSubmitted',
      data: {
        orderId: order.orderId,
        customerId: 'c1',
        company: '',
        name: 'Ann Lee',
        poNumber: '',
        cardType: 'visa',
        cardLast4: '4242',
        submittedAt: order.placedAt,
      },
    });
    expect(ledgerAt(state, new Date('2026-11-26T00:00:00.000Z')).totals).toEqual({
      orders: 1,
      subtotalCents: 21_000,
      shippingCents: 8_995,
      taxCents: 3_035,
      totalCents: 33_030,
    });
  });
});
