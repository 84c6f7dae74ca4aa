import { describe, expect, it } from 'vitest';
import { moneyAtCreditNote, orderMoney } from './order-money.ts';

const invoice = { invoiceNumber: 'INV-1', issuedAt: '2026-11-02T15:00:00.000Z', sha256: 'a', size: 1 };
const note = (creditNoteNumber: string, amountCents: number, requestedAt: string, issued = true) => ({
  creditNoteNumber,
  invoiceNumber: 'INV-1',
  amountCents,
  reason: 'r',
  requestedAt,
  issuedAt: issued ? requestedAt : null,
  sha256: issued ? 'b' : null,
  size: issued ? 1 : null,
});

describe('orderMoney', () => {
  it('owes nothing before the invoice is issued', () => {
    expect(orderMoney({ invoices: [], totalCents: 54_454, paidAt: null, creditNotes: [] })).toEqual({
      invoicedCents: 0,
      paidCents: 0,
      creditedCents: 0,
      balanceCents: 0,
      refundDueCents: 0,
    });
  });

  it('a credit on a paid invoice makes a refund due and leaves paid as paid', () => {
    const order = {
      invoices: [invoice],
      totalCents: 54_454,
      paidAt: '2026-11-03T15:00:00.000Z',
      creditNotes: [note('CN-1-1', 4_850, '2026-11-04T15:00:00.000Z')],
    };
    expect(orderMoney(order)).toEqual({
      invoicedCents: 54_454,
      paidCents: 54_454,
      creditedCents: 4_850,
      balanceCents: 0,
      refundDueCents: 4_850,
    });
    expect(moneyAtCreditNote(order, 'CN-1-1')).toMatchObject({ noteCents: 4_850, refundCents: 4_850, balanceCents: 0 });
  });

  it('a payment after a credit pays what was left; a note not yet issued is not counted as credited', () => {
    const order = {
      invoices: [invoice],
      totalCents: 54_454,
      paidAt: '2026-11-05T15:00:00.000Z',
      creditNotes: [
        note('CN-1-1', 4_850, '2026-11-04T15:00:00.000Z'),
        note('CN-1-2', 1_000, '2026-11-06T15:00:00.000Z', false),
      ],
    };
    expect(orderMoney(order)).toEqual({
      invoicedCents: 54_454,
      paidCents: 49_604,
      creditedCents: 4_850,
      balanceCents: 0,
      refundDueCents: 0,
    });
  });

  it('an unpaid invoice: each credit note states the balance after it', () => {
    const order = {
      invoices: [invoice],
      totalCents: 10_000,
      paidAt: null,
      creditNotes: [
        note('CN-1-1', 2_500, '2026-11-04T15:00:00.000Z'),
        note('CN-1-2', 7_500, '2026-11-05T15:00:00.000Z'),
      ],
    };
    expect(moneyAtCreditNote(order, 'CN-1-1')).toMatchObject({
      creditedCents: 2_500,
      balanceCents: 7_500,
      refundCents: 0,
    });
    expect(moneyAtCreditNote(order, 'CN-1-2')).toMatchObject({
      creditedCents: 10_000,
      balanceCents: 0,
      refundCents: 0,
    });
  });
});

describe('money at the edges of payment and credit', () => {
  const paidAt = '2026-11-03T00:00:00.000Z';

  it('counts a note asked for at the very instant of payment as taken off before it', () => {
    const order = { invoices: [invoice], totalCents: 10_000, paidAt, creditNotes: [note('CN-1', 1_000, paidAt)] };
    expect(orderMoney(order)).toEqual({
      invoicedCents: 10_000,
      paidCents: 9_000,
      creditedCents: 1_000,
      balanceCents: 0,
      refundDueCents: 0,
    });
  });

  it('states on each note after payment the refund that note makes due, not the refunds before it', () => {
    const order = {
      invoices: [invoice],
      totalCents: 10_000,
      paidAt,
      creditNotes: [note('CN-1', 1_000, '2026-11-04T00:00:00.000Z'), note('CN-2', 2_500, '2026-11-05T00:00:00.000Z')],
    };
    expect(moneyAtCreditNote(order, 'CN-1')).toMatchObject({
      noteCents: 1_000,
      refundCents: 1_000,
      refundDueCents: 1_000,
    });
    expect(moneyAtCreditNote(order, 'CN-2')).toEqual({
      invoicedCents: 10_000,
      paidCents: 10_000,
      creditedCents: 3_500,
      balanceCents: 0,
      refundDueCents: 3_500,
      noteCents: 2_500,
      refundCents: 2_500,
    });
  });

  it('refuses a note the order does not have', () => {
    const order = { invoices: [invoice], totalCents: 10_000, paidAt: null, creditNotes: [] };
    expect(() => moneyAtCreditNote(order, 'CN-9')).toThrow(new RangeError('No credit note CN-9'));
  });
});
