import { describe, expect, it } from 'vitest';
import {
  allowedDeskMoves,
  creditableCents,
  invoiceCanBeMarkedPaid,
  isInvoicedOrder,
  isOpenCheckout,
} from './desk-rules.ts';
import type { OrderStatus } from './queries.ts';

const purchaseOrder = { kind: 'purchase-order' as const };
const quote = { kind: 'quote' as const };
const order = (status: OrderStatus, changes: Partial<Parameters<typeof allowedDeskMoves>[0]> = {}) => ({
  status,
  payment: purchaseOrder,
  quote: null,
  paidAt: null,
  ...changes,
});

describe('order desk rules', () => {
  it('offers the moves of the status, and marking paid while an invoiced order is unpaid and not cancelled', () => {
    expect(allowedDeskMoves(order('Awaiting payment', { payment: null }))).toEqual(['cancel']);
    expect(allowedDeskMoves(order('PO received'))).toEqual(['confirm', 'cancel', 'mark-paid']);
    expect(allowedDeskMoves(order('Confirmed'))).toEqual(['hold', 'process', 'cancel', 'mark-paid']);
    expect(allowedDeskMoves(order('Processing', { paidAt: '2026-11-24T09:00:00.000Z' }))).toEqual([
      'hold',
      'ship',
      'cancel',
    ]);
    expect(allowedDeskMoves(order('On hold'))).toEqual(['release', 'cancel', 'mark-paid']);
    expect(allowedDeskMoves(order('Shipped'))).toEqual(['deliver', 'mark-paid']);
    expect(allowedDeskMoves(order('Delivered'))).toEqual(['close', 'mark-paid']);
    expect(allowedDeskMoves(order('Closed'))).toEqual(['mark-paid']);
    expect(allowedDeskMoves(order('Cancelled'))).toEqual([]);
    expect(allowedDeskMoves(order('Quote requested', { payment: quote }))).toEqual(['cancel']);
    expect(allowedDeskMoves(order('Quoted', { payment: quote, quote: { acceptedAt: null } }))).toEqual(['cancel']);
    const accepted = { payment: quote, quote: { acceptedAt: '2026-11-24T09:00:00.000Z' } };
    expect(allowedDeskMoves(order('Quote accepted', accepted))).toEqual(['confirm', 'cancel', 'mark-paid']);
    expect(allowedDeskMoves(order('Quote declined', { payment: quote, quote: { acceptedAt: null } }))).toEqual([]);
  });

  it('invoices purchase orders and accepted quotes only', () => {
    expect(isInvoicedOrder({ payment: purchaseOrder, quote: null })).toBe(true);
    expect(isInvoicedOrder({ payment: quote, quote: { acceptedAt: '2026-11-24T09:00:00.000Z' } })).toBe(true);
    expect(isInvoicedOrder({ payment: quote, quote: { acceptedAt: null } })).toBe(false);
    expect(isInvoicedOrder({ payment: quote, quote: null })).toBe(false);
    expect(isInvoicedOrder({ payment: null, quote: null })).toBe(false);
  });

  it('marks an invoice paid once, never on a cancelled order or one that is not invoiced', () => {
    expect(invoiceCanBeMarkedPaid(order('Shipped'))).toBe(true);
    expect(invoiceCanBeMarkedPaid(order('Shipped', { paidAt: '2026-11-24T09:00:00.000Z' }))).toBe(false);
    expect(invoiceCanBeMarkedPaid(order('Cancelled'))).toBe(false);
    expect(invoiceCanBeMarkedPaid(order('Quote requested', { payment: quote }))).toBe(false);
  });

  it('credits at most the invoice less the notes asked for, and nothing before the invoice', () => {
    const notes = [{ amountCents: 1_000 }, { amountCents: 250 }];
    expect(creditableCents({ invoices: [{}], totalCents: 9_911, creditNotes: notes })).toBe(8_661);
    expect(creditableCents({ invoices: [{}], totalCents: 9_911, creditNotes: [] })).toBe(9_911);
    expect(creditableCents({ invoices: [], totalCents: 9_911, creditNotes: [] })).toBe(0);
  });

  it('calls only an order awaiting payment an open checkout', () => {
    expect(isOpenCheckout({ status: 'Awaiting payment' })).toBe(true);
    expect(isOpenCheckout({ status: 'Cancelled' })).toBe(false);
    expect(isOpenCheckout({ status: 'PO received' })).toBe(false);
  });
});
