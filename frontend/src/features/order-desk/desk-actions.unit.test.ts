import { describe, expect, it } from 'vitest';
import { orderStatuses } from '@labshop/contracts/orders/queries';
import { deskActionSpecFor, offeredActions } from './desk-actions.ts';

const purchaseOrder = { kind: 'purchase-order' as const };

describe('offeredActions', () => {
  it('offers each status the moves the state machine allows from it, and an unpaid purchase order’s invoice until cancelled', () => {
    const offered = Object.fromEntries(
      orderStatuses.map((status) => [
        status,
        offeredActions({ status, payment: purchaseOrder, quote: null, paidAt: null }),
      ]),
    );
    expect(offered).toEqual({
      'Awaiting payment': ['cancel', 'mark-paid'],
      'PO received': ['confirm', 'cancel', 'mark-paid'],
      'Quote requested': ['cancel', 'mark-paid'],
      Quoted: ['cancel', 'mark-paid'],
      'Quote accepted': ['confirm', 'cancel', 'mark-paid'],
      'Quote declined': ['mark-paid'],
      Confirmed: ['hold', 'process', 'cancel', 'mark-paid'],
      'On hold': ['release', 'cancel', 'mark-paid'],
      Processing: ['hold', 'ship', 'cancel', 'mark-paid'],
      Shipped: ['deliver', 'mark-paid'],
      Delivered: ['close', 'mark-paid'],
      Closed: ['mark-paid'],
      Cancelled: [],
    });
  });

  it('never offers to mark paid a quote not accepted, an order without a purchase order, or an invoice already paid', () => {
    expect(
      offeredActions({ status: 'Quote requested', payment: { kind: 'quote' }, quote: null, paidAt: null }),
    ).toEqual(['cancel']);
    expect(
      offeredActions({ status: 'Quoted', payment: { kind: 'quote' }, quote: { acceptedAt: null }, paidAt: null }),
    ).toEqual(['cancel']);
    expect(offeredActions({ status: 'Awaiting payment', payment: null, quote: null, paidAt: null })).toEqual([
      'cancel',
    ]);
    expect(
      offeredActions({ status: 'Shipped', payment: purchaseOrder, quote: null, paidAt: '2026-11-23T10:00:00.000Z' }),
    ).toEqual(['deliver']);
  });

  it('offers to confirm an accepted quote and mark its invoice paid', () => {
    expect(
      offeredActions({
        status: 'Quote accepted',
        payment: { kind: 'quote' },
        quote: { acceptedAt: '2026-11-24T10:00:00.000Z' },
        paidAt: null,
      }),
    ).toEqual(['confirm', 'cancel', 'mark-paid']);
  });
});

describe('deskActionSpecFor', () => {
  it("words cancelling a quote as 'Cancel quote', and an order's as 'Cancel order'", () => {
    expect(deskActionSpecFor('cancel', 'quote')).toMatchObject({
      label: 'Cancel quote',
      submitLabel: 'Cancel quote',
      done: 'Quote cancelled.',
    });
    expect(deskActionSpecFor('cancel', 'order')).toMatchObject({ label: 'Cancel order', submitLabel: 'Cancel order' });
    expect(deskActionSpecFor('confirm', 'quote').label).toBe('Confirm order');
  });
});
