import { describe, expect, it } from 'vitest';
import { pdfText } from '../testing/pdf-text.ts';
import { testOrderView } from '../testing/order-view.ts';
import { creditNoteContent, renderCreditNotePdf } from './credit-note-pdf.ts';

const invoice = {
  invoiceNumber: 'INV-LUM2311202612345',
  issuedAt: '2026-11-23T15:01:00.000Z',
  sha256: 'a'.repeat(64),
  size: 1,
};
const note = (creditNoteNumber: string, amountCents: number, reason: string) => ({
  creditNoteNumber,
  invoiceNumber: invoice.invoiceNumber,
  amountCents,
  reason,
  requestedAt: '2026-11-25T15:00:00.000Z',
  issuedAt: null,
  sha256: null,
  size: null,
});
const order = testOrderView({
  invoices: [invoice],
  creditNotes: [
    note('CN-LUM2311202612345-1', 2_125, 'Tax charged twice'),
    note('CN-LUM2311202612345-2', 9_000, 'Kit returned unopened'),
  ],
});

describe('credit note PDF', () => {
  it('refers to the invoice and shows the amount, the reason and the balance after the notes so far', async () => {
    const issuedAt = '2026-11-25T15:00:00.000Z';
    const bytes = await renderCreditNotePdf(
      creditNoteContent(order, order.creditNotes[1]!, issuedAt),
      new Date(issuedAt),
    );
    const { text, pages } = await pdfText(bytes);
    expect(pages).toBe(1);
    for (const expected of [
      'CREDIT NOTE',
      'Credit note number CN-LUM2311202612345-2',
      'Credit note date November 25, 2026',
      'Invoice number INV-LUM2311202612345',
      'Invoice date November 23, 2026',
      'Order number LUM2311202612345',
      'PO number PO-7781',
      'Kit returned unopened',
      'Invoice INV-LUM2311202612345 total $231.25',
      'Credited by this note $90.00',
      'Credited to date $111.25',
      'Invoice balance after credits $120.00',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Refund due');
    // The same note and time render the same bytes: a retried job stores the same file.
    expect(
      (await renderCreditNotePdf(creditNoteContent(order, order.creditNotes[1]!, issuedAt), new Date(issuedAt))).equals(
        bytes,
      ),
    ).toBe(true);
  });

  it('on a paid invoice states the refund this note makes due, not a balance', async () => {
    const paidOrder = { ...order, paidAt: '2026-11-24T15:00:00.000Z' };
    const issuedAt = '2026-11-25T15:00:00.000Z';
    const { text } = await pdfText(
      await renderCreditNotePdf(creditNoteContent(paidOrder, paidOrder.creditNotes[1]!, issuedAt), new Date(issuedAt)),
    );
    for (const expected of [
      'Credited by this note $90.00',
      'Credited to date $111.25',
      'Refund due to you $90.00',
      'was paid ($231.25): we refund $90.00',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('balance');
  });

  it('refuses a note against an invoice the order does not have', () => {
    expect(() => creditNoteContent(testOrderView(), order.creditNotes[0]!, '2026-11-25T15:00:00.000Z')).toThrow(
      /has no invoice INV-LUM2311202612345/,
    );
  });
});
