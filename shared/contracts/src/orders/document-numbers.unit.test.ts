import { describe, expect, it } from 'vitest';
import {
  creditNoteNumberFor,
  documentKindOf,
  documentNumberFormats,
  documentRouteOf,
  invoiceNumberFor,
  receiptNumberFor,
} from './document-numbers.ts';
import { orderIdOfStream, orderNumbersStream, orderStream } from './events.ts';

const orderNumber = 'LUM231120260000042';

describe('document numbers', () => {
  it('are recognised by the patterns beside their makers, each as its own kind', () => {
    expect(documentKindOf(invoiceNumberFor(orderNumber))).toBe('invoices');
    expect(documentKindOf(creditNoteNumberFor(orderNumber, 12))).toBe('credit-notes');
    expect(documentKindOf(receiptNumberFor(orderNumber))).toBe('receipts');
    expect(documentRouteOf(creditNoteNumberFor(orderNumber, 1))).toBe('credit-notes');
    expect(documentRouteOf(receiptNumberFor(orderNumber))).toBe('receipts');
  });

  it('refuse what no order issues: a credit note past 6 digits, an order number with a dash, other prefixes', () => {
    // The workers' old credit note pattern (CN-[A-Za-z0-9]+-\d+) took the first; the query API's old invoice one the second.
    expect(documentNumberFormats['credit-notes'].pattern.test(creditNoteNumberFor(orderNumber, 1_234_567))).toBe(false);
    expect(documentNumberFormats.invoices.pattern.test('INV-LUM-2311')).toBe(false);
    for (const number of ['INV-', 'CN-LUM1', 'RCT-LUM1.pdf', `INV-${'A'.repeat(41)}`, 'XYZ-LUM1'])
      expect(documentKindOf(number), number).toBeNull();
  });

  it('the example each kind gives is one of its numbers', () => {
    for (const { pattern, example } of Object.values(documentNumberFormats)) expect(pattern.test(example)).toBe(true);
  });
});

describe('order streams', () => {
  it('name an order by its id and give it back; no other stream is an order', () => {
    const orderId = '3f2c1f9e-8a4b-4c2d-9e1f-0a1b2c3d4e5f';
    expect(orderIdOfStream(orderStream(orderId))).toBe(orderId);
    expect(orderIdOfStream(orderNumbersStream('23112026'))).toBeNull();
    expect(orderIdOfStream(`customer-${orderId}`)).toBeNull();
  });
});
