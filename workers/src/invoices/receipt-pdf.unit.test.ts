import { describe, expect, it } from 'vitest';
import { pdfText } from '../testing/pdf-text.ts';
import { testOrderView } from '../testing/order-view.ts';
import { receiptContent, renderReceiptPdf } from './receipt-pdf.ts';

const invoice = {
  invoiceNumber: 'INV-LUM231120261234567',
  issuedAt: '2026-11-23T15:01:00.000Z',
  sha256: 'a'.repeat(64),
  size: 1,
};

describe('payment receipt PDF', () => {
  it('states what was paid against the invoice, net of the credits asked for before the payment', async () => {
    const credit = {
      creditNoteNumber: 'CN-LUM231120261234567-1',
      invoiceNumber: invoice.invoiceNumber,
      amountCents: 2_125,
      reason: 'Tax charged twice',
      requestedAt: '2026-11-24T15:00:00.000Z',
      issuedAt: '2026-11-24T15:00:00.000Z',
      sha256: 'b'.repeat(64),
      size: 1,
    };
    const order = testOrderView({ invoices: [invoice], creditNotes: [credit], paidAt: '2026-11-26T15:00:00.000Z' });
    const { text, pages } = await pdfText(
      await renderReceiptPdf(
        receiptContent(order, 'RCT-LUM231120261234567', 'ACH 7781', order.paidAt!),
        new Date(order.paidAt!),
      ),
    );
    expect(pages).toBe(1);
    for (const expected of [
      'PAYMENT RECEIPT',
      'Receipt number RCT-LUM231120261234567',
      'Invoice number INV-LUM231120261234567',
      'Payment date November 26, 2026',
      'Payment reference ACH 7781',
      'Invoice INV-LUM231120261234567 total $231.25',
      'Credited before payment $21.25',
      'Amount paid $210.00',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('refuses an order whose invoice is not paid', () => {
    expect(() =>
      receiptContent(testOrderView({ invoices: [invoice] }), 'RCT-1', '', '2026-11-26T15:00:00.000Z'),
    ).toThrow(/no paid invoice/);
  });
});
