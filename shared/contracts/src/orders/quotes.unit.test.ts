import { describe, expect, it } from 'vitest';
import type { OrderEvent, OrderLine } from './events.ts';
import { testOrderPlacedData } from '../testing/orders.ts';
import { foldOrder } from './fold-order.ts';
import { spec } from '../testing/decider-spec.ts';
import { orderDecider, type OrderCommand } from './decider.ts';
import { creditNoteMessages } from './credit-notes.ts';
import { deskMessages } from './desk-moves.ts';
import { quoteMessages } from './quotes.ts';

const orders = spec(orderDecider);
/** The order as the one fold makes it: what the decider decides on and My Orders and the order desk show. */
const shown = (events: OrderEvent[]) => events.reduce(foldOrder, null)!.view;

const orderId = '00000000-0000-5000-8000-0000000000b1';
// 2 p.m. in New York on 24 November 2026.
const at = new Date('2026-11-24T19:00:00.000Z');
const line = (detailId: string, quantity: number, unitPriceCents: number): OrderLine => ({
  detailId,
  subproductId: 's1',
  productName: 'Exosome kit',
  productType: 'Kit A',
  packSize: null,
  catalogNumber: `EX-${detailId}`,
  innerPackageId: 'PK-1',
  imageUrl: null,
  productPath: '/exosome-kit/s1',
  quantity,
  unitPriceCents,
  listPriceCents: unitPriceCents,
  discountPercent: 0,
  lineTotalCents: unitPriceCents * quantity,
});
const placedData = testOrderPlacedData(orderId, 'c1', '2026-11-23T15:00:00.000Z', {
  orderNumber: 'LUM2311202600077',
  lines: [line('d1', 2, 10_000), line('d2', 1, 5_000)],
  subtotalCents: 25_000,
  taxCents: 2_530,
  totalCents: 27_530,
});
const placed: OrderEvent = { type: 'OrderPlaced', data: placedData };
const quoteRequested: OrderEvent = {
  type: 'QuoteRequested',
  data: {
    orderId,
    customerId: 'c1',
    company: 'Lee Labs',
    name: 'Ann Lee',
    poNumber: 'PO-9',
    requestedAt: '2026-11-23T15:01:00.000Z',
  },
};
const sendQuote = (unitPricesCents: number[], expiresOn = '2026-11-30', expectedVersion?: number): OrderCommand => ({
  type: 'SendQuote',
  unitPricesCents,
  expiresOn,
  at,
  expectedVersion,
});
const accept = (expectedVersion: number, when = at, customerId = 'c1', poNumber = ''): OrderCommand => ({
  type: 'AcceptQuote',
  customerId,
  at: when,
  expectedVersion,
  poNumber,
});
const decline = (expectedVersion: number, reason = ''): OrderCommand => ({
  type: 'DeclineQuote',
  customerId: 'c1',
  at,
  expectedVersion,
  reason,
});

describe('staff quotes', () => {
  it('sends a quote at the quoted unit prices, taxed like checkout, valid to the end of the chosen New York day (an order placed before shipping was charged: shipping 0)', () => {
    const events = orders
      .given([placed, quoteRequested])
      .when(sendQuote([9_000, 4_999]))
      .events();
    expect(events).toEqual([
      {
        type: 'QuoteSent',
        data: {
          orderId,
          lines: [line('d1', 2, 9_000), line('d2', 1, 4_999)].map((quoted, index) => ({
            ...quoted,
            listPriceCents: placedData.lines[index]!.listPriceCents,
          })),
          subtotalCents: 22_999,
          shippingCents: 0,
          // 10.12% of $229.99 = $23.2749… → $23.27 (half-up, once on the subtotal).
          taxCents: 2_327,
          totalCents: 25_326,
          expiresAt: '2026-12-01T05:00:00.000Z',
          sentAt: at.toISOString(),
        },
      },
    ]);
    expect(shown([placed, quoteRequested, ...events])).toMatchObject({
      status: 'Quoted',
      totalCents: 27_530,
      quote: { revision: 1, totalCents: 25_326, acceptedAt: null },
    });
  });

  it("keeps the order's shipping in the quote, taxed with the quoted lines, and the accepted order takes that total", () => {
    const shipping = { method: 'ground' as const, baseCents: 1_495, dryIceSurchargeCents: 0, costCents: 1_495 };
    const withShipping: OrderEvent = {
      type: 'OrderPlaced',
      data: { ...placedData, shipping, taxCents: 2_681, totalCents: 29_176 },
    };
    const sent = orders
      .given([withShipping, quoteRequested])
      .when(sendQuote([9_000, 4_999]))
      .events();
    // 10.12% of ($229.99 + $14.95) = $24.787… → $24.79.
    expect(sent).toMatchObject([
      { data: { subtotalCents: 22_999, shippingCents: 1_495, taxCents: 2_479, totalCents: 26_973 } },
    ]);
    const accepted = orders
      .given([withShipping, quoteRequested, ...sent])
      .when(accept(3))
      .events();
    expect(shown([withShipping, quoteRequested, ...sent, ...accepted])).toMatchObject({
      status: 'Quote accepted',
      shipping,
      subtotalCents: 22_999,
      taxCents: 2_479,
      totalCents: 26_973,
    });
  });

  it('charges an exempt buyer no tax on the quote', () => {
    const exempt: OrderEvent = {
      type: 'OrderPlaced',
      data: { ...placedData, taxExemptNumber: 'EX-1', taxRateBasisPoints: 0, taxCents: 0, totalCents: 25_000 },
    };
    const [sent] = orders
      .given([exempt, quoteRequested])
      .when(sendQuote([1_000, 1_000]))
      .events();
    expect(sent).toMatchObject({ data: { subtotalCents: 3_000, taxCents: 0, totalCents: 3_000 } });
  });

  it('revises a quote not yet accepted; the customer can accept only the latest one they saw', () => {
    const first = [
      placed,
      quoteRequested,
      ...orders
        .given([placed, quoteRequested])
        .when(sendQuote([9_000, 5_000]))
        .events(),
    ];
    const seen = orders.given(first).state()!.view.version;
    const revised = [
      ...first,
      ...orders
        .given(first)
        .when(sendQuote([8_000, 5_000], '2026-12-15'))
        .events(),
    ];
    expect(shown(revised).quote).toMatchObject({
      revision: 2,
      subtotalCents: 21_000,
      expiresAt: '2026-12-16T05:00:00.000Z',
    });
    orders.given(revised).when(accept(seen)).thenThrows('conflict', {
      message: quoteMessages.revised,
    });
    const accepted = orders
      .given(revised)
      .when(accept(orders.given(revised).state()!.view.version))
      .events();
    expect(accepted).toEqual([
      { type: 'QuoteAccepted', data: { orderId, customerId: 'c1', acceptedAt: at.toISOString(), poNumber: '' } },
    ]);
  });

  it("accepting with a PO number puts it on the order (and so on its invoice); blank keeps the request's", () => {
    const quoted = [
      placed,
      quoteRequested,
      ...orders
        .given([placed, quoteRequested])
        .when(sendQuote([9_000, 4_999]))
        .events(),
    ];
    const withPo = [
      ...quoted,
      ...orders
        .given(quoted)
        .when(accept(3, at, 'c1', ' PO-2026-77 '))
        .events(),
    ];
    expect(shown(withPo).payment).toMatchObject({ kind: 'quote', poNumber: 'PO-2026-77' });
    const withoutPo = [...quoted, ...orders.given(quoted).when(accept(3)).events()];
    expect(shown(withoutPo).payment).toMatchObject({ kind: 'quote', poNumber: 'PO-9' });
  });

  it('declines a quote with an optional reason: it stays a quote, declined, and can no longer be accepted', () => {
    const quoted = [
      placed,
      quoteRequested,
      ...orders
        .given([placed, quoteRequested])
        .when(sendQuote([9_000, 4_999]))
        .events(),
    ];
    const events = orders.given(quoted).when(decline(3, ' Budget moved to next year ')).events();
    expect(events).toEqual([
      {
        type: 'QuoteDeclined',
        data: { orderId, customerId: 'c1', reason: 'Budget moved to next year', declinedAt: at.toISOString() },
      },
    ]);
    expect(shown([...quoted, ...events])).toMatchObject({
      status: 'Quote declined',
      quote: { declined: { reason: 'Budget moved to next year', declinedAt: at.toISOString() } },
    });
    orders
      .given([...quoted, ...events])
      .when(accept(4))
      .thenThrows('conflict', {
        message: 'This quote cannot be accepted: it is quote declined.',
      });
    orders.given([placed, quoteRequested]).when(decline(2)).thenThrows('conflict', {
      message: 'This quote cannot be declined: it is quote requested.',
    });
  });

  it('makes an accepted quote an order at the quoted prices, which staff confirm like a purchase order', () => {
    const quoted = [
      placed,
      quoteRequested,
      ...orders
        .given([placed, quoteRequested])
        .when(sendQuote([9_000, 4_999]))
        .events(),
    ];
    const accepted = [...quoted, ...orders.given(quoted).when(accept(3)).events()];
    const view = shown(accepted);
    expect(view).toMatchObject({
      status: 'Quote accepted',
      subtotalCents: 22_999,
      taxCents: 2_327,
      totalCents: 25_326,
      quote: { acceptedAt: at.toISOString() },
    });
    // The quoted lines and total are the order's from here on (what credit notes are bounded by).
    expect(view.lines.map((quotedLine) => [quotedLine.unitPriceCents, quotedLine.lineTotalCents])).toEqual([
      [9_000, 18_000],
      [4_999, 4_999],
    ]);
    expect(
      orders
        .given(accepted)
        .when({ type: 'DeskMove', move: { kind: 'confirm' }, at })
        .events(),
    ).toHaveLength(1);
    expect(
      orders
        .given(accepted)
        .when(sendQuote([1, 1]))
        .refusal().message,
    ).toBe(quoteMessages.notSendable('Quote accepted'));
    expect(orders.given(accepted).when(accept(4)).refusal().message).toBe(
      quoteMessages.notAnswerable('accepted', 'quote accepted'),
    );
  });

  it('refuses to accept an expired quote, from the first instant after its last day', () => {
    const quoted = [
      placed,
      quoteRequested,
      ...orders
        .given([placed, quoteRequested])
        .when(sendQuote([9_000, 5_000], '2026-11-30'))
        .events(),
    ];
    // 11:59 p.m. in New York on the 30th still accepts; midnight does not.
    expect(
      orders
        .given(quoted)
        .when(accept(3, new Date('2026-12-01T04:59:00.000Z')))
        .events(),
    ).toHaveLength(1);
    const expired = orders
      .given(quoted)
      .when(accept(3, new Date('2026-12-01T05:00:00.000Z')))
      .refusal();
    expect(expired).toMatchObject({
      kind: 'conflict',
      message: 'This quote expired on 2026-11-30. Please ask us for a new quote.',
    });
  });

  it("answers someone else's quote and a missing one as not found", () => {
    const quoted = [
      placed,
      quoteRequested,
      ...orders
        .given([placed, quoteRequested])
        .when(sendQuote([9_000, 5_000]))
        .events(),
    ];
    orders
      .given(quoted)
      .when(accept(3, at, 'c2'))
      .thenThrows('not_found', {
        message: quoteMessages.notFound,
      });
    orders.given([]).when(accept(1)).thenThrows('not_found');
  });

  it('refuses quotes with the wrong number of prices, a past expiry, a stale version, or on an order that is not a quote', () => {
    const history = [placed, quoteRequested];
    orders
      .given(history)
      .when(sendQuote([9_000]))
      .thenThrows('invalid', {
        fields: { unitPricesCents: quoteMessages.linesCount(2) },
      });
    orders
      .given(history)
      .when(sendQuote([9_000, 1], '2026-11-23'))
      .thenThrows('invalid', {
        fields: { expiresOn: quoteMessages.expiryPast },
      });
    expect(
      orders
        .given(history)
        .when(sendQuote([9_000, 1], '2026-11-24'))
        .events(),
    ).toHaveLength(1);
    orders
      .given(history)
      .when(sendQuote([9_000, 1], '2026-11-30', 1))
      .thenThrows('conflict', {
        message: deskMessages.stale,
      });
    const poSubmitted: OrderEvent = {
      type: 'PurchaseOrderSubmitted',
      data: {
        orderId,
        customerId: 'c1',
        company: '',
        name: 'Ann',
        poNumber: '',
        cardType: 'visa',
        cardLast4: '1111',
        submittedAt: at.toISOString(),
      },
    };
    orders
      .given([placed, poSubmitted])
      .when(sendQuote([1, 1]))
      .thenThrows('conflict', {
        message: quoteMessages.notSendable('PO received'),
      });
    orders
      .given([placed, quoteRequested])
      .when(accept(2))
      .thenThrows('conflict', {
        message: quoteMessages.notAnswerable('accepted', 'quote requested'),
      });
  });
});

describe('credit notes', () => {
  const invoiced: OrderEvent[] = [
    placed,
    {
      type: 'PurchaseOrderSubmitted',
      data: {
        orderId,
        customerId: 'c1',
        company: '',
        name: 'Ann',
        poNumber: 'PO-1',
        cardType: 'visa',
        cardLast4: '1111',
        submittedAt: at.toISOString(),
      },
    },
    {
      type: 'InvoiceIssued',
      data: {
        orderId,
        invoiceNumber: 'INV-LUM2311202600077',
        fileName: `${'a'.repeat(64)}.pdf`,
        sha256: 'a'.repeat(64),
        size: 1000,
        issuedAt: at.toISOString(),
      },
    },
  ];
  const credit = (amountCents: number, expectedVersion?: number): OrderCommand => ({
    type: 'IssueCreditNote',
    amountCents,
    reason: 'Damaged in transit',
    at,
    expectedVersion,
  });

  it('numbers each note of an order in turn and refers it to the invoice', () => {
    const first = orders.given(invoiced).when(credit(2_530)).events();
    expect(first).toEqual([
      {
        type: 'CreditNoteRequested',
        data: {
          orderId,
          creditNoteNumber: 'CN-LUM2311202600077-1',
          invoiceNumber: 'INV-LUM2311202600077',
          amountCents: 2_530,
          reason: 'Damaged in transit',
          requestedAt: at.toISOString(),
        },
      },
    ]);
    const second = orders
      .given([...invoiced, ...first])
      .when(credit(25_000))
      .events();
    expect(second[0]).toMatchObject({ data: { creditNoteNumber: 'CN-LUM2311202600077-2', amountCents: 25_000 } });
    expect(
      orders
        .given([...invoiced, ...first, ...second])
        .state()!
        .view.creditNotes.map((note) => [note.creditNoteNumber, note.issuedAt]),
    ).toEqual([
      ['CN-LUM2311202600077-1', null],
      ['CN-LUM2311202600077-2', null],
    ]);
  });

  it('never credits more than is left on the invoice', () => {
    orders
      .given(invoiced)
      .when(credit(27_531))
      .thenThrows('conflict', {
        message: 'Amount must be at most $275.30, what is left to credit on the invoice',
        details: { creditableCents: 27_530 },
      });
    const partly = [...invoiced, ...orders.given(invoiced).when(credit(27_000)).events()];
    expect(orders.given(partly).when(credit(531)).refusal().message).toBe(
      'Amount must be at most $5.30, what is left to credit on the invoice',
    );
    const fully = [...partly, ...orders.given(partly).when(credit(530)).events()];
    expect(orders.given(fully).when(credit(1)).refusal().message).toBe(creditNoteMessages.tooMuch(0));
  });

  it('needs an issued invoice, a current version and an order', () => {
    orders.given(invoiced.slice(0, 2)).when(credit(100)).thenThrows('conflict', {
      message: creditNoteMessages.notInvoiced,
    });
    orders.given(invoiced).when(credit(100, 2)).thenThrows('conflict', {
      message: deskMessages.stale,
    });
    orders.given([]).when(credit(100)).thenThrows('not_found');
  });
});
