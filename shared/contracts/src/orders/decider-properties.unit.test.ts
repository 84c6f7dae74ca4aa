import assert from 'node:assert/strict';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CartLineView } from '../carts/queries.ts';
import { lineTotalCents, sumCents } from '../money.ts';
import { taxCents } from '../tax/sales-tax.ts';
import { propertyRuns, runCommands } from '../testing/decider-runs.ts';
import { testAddress } from '../testing/orders.ts';
import { businessDay } from './business-day.ts';
import { orderDecider, type OrderCommand } from './decider.ts';
import { allowedDeskMoves, deskMoveKinds } from './desk-rules.ts';
import type { DeskMove } from './desk-moves.ts';
import type { OrderEvent } from './events.ts';
import { foldOrder, type FoldedOrder } from './fold-order.ts';
import { orderStatuses, type OrderView } from './queries.ts';
import { shippingCentsOf, shippingMethods } from './shipping.ts';

const documents = ['invoice', 'creditNote', 'receipt'] as const;
const orderId = '00000000-0000-5000-8000-0000000000f1';
const start = Date.parse('2026-11-23T15:00:00.000Z');
const HOUR_MS = 60 * 60 * 1000;
const customer = fc.constantFrom('c1', 'c1', 'c1', 'c2');
/** Whether the client saw the order as it is now, or one event before. */
/** True four times in five. */
const mostly = fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });
const seen = mostly;

const cartLine = (index: number, line: { unitPriceCents: number; quantity: number; available: boolean }) =>
  ({
    detailId: `d${index}`,
    subproductId: 's1',
    packSize: index === 0 ? null : `${index * 10} ml`,
    productName: 'Exosome kit',
    productType: 'Kit',
    catalogNumber: `EX-${index}`,
    innerPackageId: `PK-${index}`,
    imageUrl: null,
    productPath: '/exosome-kit/s1',
    listPriceCents: line.unitPriceCents,
    discountPercent: 0,
    previousUnitPriceCents: null,
    ...line,
    lineTotalCents: lineTotalCents(line),
  }) satisfies CartLineView;

const placement = fc.record({
  kind: fc.constant('place' as const),
  lines: fc.array(
    fc.record({
      unitPriceCents: fc.integer({ min: 1, max: 250_000 }),
      quantity: fc.integer({ min: 1, max: 40 }),
      available: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  state: fc.constantFrom('LA', 'NY', 'CA', 'OR'),
  exempt: fc.boolean(),
  shippingMethod: fc.constantFrom(...shippingMethods.map((method) => method.id)),
  dryIce: fc.boolean(),
  idempotencyKey: fc.constantFrom('k1', 'k2'),
  pricesMoved: mostly.map((shown) => !shown),
});

/** What a client, staff or the workers ask of the order, weighted so runs get deep into quotes and fulfilment. */
const ask = fc.oneof(
  { weight: 1, arbitrary: placement },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('submit' as const, 'quote' as const),
      customerId: customer,
      allocate: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constantFrom('cancelCheckout' as const, 'expire' as const), customerId: customer }),
  },
  // Mostly a move the desk offers now, sometimes any move.
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('desk' as const),
      pick: fc.nat(17),
      offered: mostly,
      seen,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('sendQuote' as const),
      unitPricesCents: fc.array(fc.integer({ min: 1, max: 250_000 }), { minLength: 3, maxLength: 3 }),
      oneEach: mostly,
      validDays: fc.integer({ min: -1, max: 5 }),
      seen,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom('accept' as const, 'accept' as const, 'decline' as const),
      customerId: customer,
      seen,
      allocate: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('credit' as const),
      amountCents: fc.integer({ min: 1, max: 600_000 }),
      seen,
    }),
  },
  // The step a busy shop most likely takes next with the order as it stands.
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('likely' as const), pick: fc.nat(11) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('issue' as const),
      document: fc.constantFrom(...documents),
      note: fc.nat(2),
    }),
  },
);

/** A command asked some hours after the one before. */
const plan = fc.record({
  // Mostly soon after (a quote is still open), now and then days later (a checkout or a quote expires).
  hoursLater: fc.oneof({ weight: 9, arbitrary: fc.nat(6) }, { weight: 1, arbitrary: fc.nat(200) }),
  ask,
});
/** A run: the order placed, then what is asked of it (a placement again among them). */
const plans = fc.tuple(placement, fc.array(plan, { minLength: 5, maxLength: 30, size: 'max' })).map(([first, then]) => {
  // The first one is placed: at the prices shown, with a line still sold.
  const [line, ...more] = first.lines;
  const placed = { ...first, pricesMoved: false, lines: [{ ...line!, available: true }, ...more] };
  return [{ hoursLater: 0, ask: placed }, ...then];
});
type Plan = typeof plan extends fc.Arbitrary<infer P> ? P : never;

const deskMove = (kind: (typeof deskMoveKinds)[number]): DeskMove => {
  switch (kind) {
    case 'hold':
    case 'cancel':
      return { kind, reason: 'Asked' };
    case 'ship':
      return { kind, carrier: 'UPS', trackingNumber: '1Z999' };
    case 'mark-paid':
      return { kind, reference: 'ACH 1' };
    default:
      return { kind };
  }
};

const versionSeen = (order: FoldedOrder | null, current: boolean) => (order?.view.version ?? 0) - (current ? 0 : 1);

/** What stock held for each line (half of it, the rest on backorder), when the route reserved. */
const allocationsOf = (lines: OrderView['lines'], allocate: boolean) =>
  allocate
    ? lines.map(({ detailId, packSize, quantity }) => ({
        detailId,
        packSize,
        reserved: Math.floor(quantity / 2),
        backordered: quantity - Math.floor(quantity / 2),
      }))
    : undefined;

type Ask = Plan['ask'];

/** The step a busy shop most likely takes next: pay or quote, price the quote, accept it, move it along, issue its documents. */
function likelyNext(order: FoldedOrder | null, pick: number): Ask {
  switch (order?.view.status) {
    case 'Awaiting payment':
      return { kind: pick % 2 === 0 ? 'submit' : 'quote', customerId: 'c1', allocate: pick % 3 === 0 };
    case 'Quote requested':
      return {
        kind: 'sendQuote',
        unitPricesCents: [1_000 + pick, 2_000, 3_000],
        validDays: pick % 4,
        oneEach: true,
        seen: true,
      };
    case 'Quoted':
      return { kind: pick % 4 === 0 ? 'decline' : 'accept', customerId: 'c1', seen: true, allocate: pick % 2 === 0 };
    default:
      if (!order || pick % 3 === 2) return { kind: 'desk', pick, offered: true, seen: true };
      return pick % 3 === 0 ? documentDue(order.view, pick) : { kind: 'credit', amountCents: 1_000 * pick, seen: true };
  }
}

/** The document the workers would issue next: a credit note asked for, else the invoice or the receipt. */
function documentDue(view: OrderView, pick: number): Ask {
  const note = view.creditNotes.findIndex((requested) => requested.issuedAt === null);
  if (note >= 0) return { kind: 'issue', document: 'creditNote', note };
  return { kind: 'issue', document: pick % 2 === 0 ? 'invoice' : 'receipt', note: 0 };
}

function commandOf({ ask }: { ask: Ask }, at: Date, order: FoldedOrder | null): OrderCommand {
  switch (ask.kind) {
    case 'likely':
      return commandOf({ ask: likelyNext(order, ask.pick) }, at, order);
    case 'place': {
      const lines = ask.lines.map((line, index) => cartLine(index, line));
      const subtotalCents = sumCents(lines, (line) => (line.available ? line.lineTotalCents : 0));
      return {
        type: 'PlaceOrder',
        orderNumber: 'LUM2311202600042',
        orderId,
        customerId: 'c1',
        idempotencyKey: ask.idempotencyKey,
        cart: {
          cartId: 'c1',
          lines,
          itemCount: sumCents(lines, (line) => line.quantity),
          subtotalCents,
          updatedAt: at.toISOString(),
          expiresAt: null,
          revision: 1,
        },
        expectedSubtotalCents: subtotalCents + (ask.pricesMoved ? 1 : 0),
        address: { ...testAddress, state: ask.state },
        billingAddress: null,
        taxExemptNumber: ask.exempt ? 'EX-1' : null,
        shippingMethod: ask.shippingMethod,
        dryIceDetailIds: new Set(ask.dryIce ? ['d0'] : []),
        placedAt: at,
        requestFingerprint: ask.idempotencyKey,
      };
    }
    case 'submit':
      return {
        type: 'SubmitPurchaseOrder',
        customerId: ask.customerId,
        payment: { company: 'Lee Labs', name: 'Ann Lee', poNumber: 'PO-1', cardType: 'visa', cardLast4: '1111' },
        at,
        allocations: allocationsOf(order?.view.lines ?? [], ask.allocate),
      };
    case 'quote':
      return {
        type: 'RequestQuote',
        customerId: ask.customerId,
        quote: { company: 'Lee Labs', name: 'Ann Lee', poNumber: 'PO-2' },
        at,
      };
    case 'cancelCheckout':
      return { type: 'CancelCheckout', customerId: ask.customerId, at };
    case 'expire':
      return { type: 'ExpireCheckout', at };
    case 'desk': {
      // Cancelling ends a run: one offered move in four may be it.
      const offered = order
        ? allowedDeskMoves(order.view).filter((kind) => kind !== 'cancel' || ask.pick % 4 === 0)
        : [];
      const kinds = ask.offered && offered.length > 0 ? offered : deskMoveKinds;
      const move = deskMove(kinds[ask.pick % kinds.length]!);
      return { type: 'DeskMove', move, at, expectedVersion: versionSeen(order, ask.seen) };
    }
    case 'sendQuote':
      return {
        type: 'SendQuote',
        // A price for each line, or (refused) one too many.
        unitPricesCents: ask.unitPricesCents.slice(0, (order?.view.lines.length ?? 0) + (ask.oneEach ? 0 : 1)),
        expiresOn: businessDay(new Date(at.getTime() + ask.validDays * 24 * HOUR_MS)),
        at,
        expectedVersion: versionSeen(order, ask.seen),
      };
    case 'accept':
      return {
        type: 'AcceptQuote',
        customerId: ask.customerId,
        at,
        expectedVersion: versionSeen(order, ask.seen),
        poNumber: ' PO-9 ',
        allocations: allocationsOf(order?.view.quote?.lines ?? [], ask.allocate),
      };
    case 'decline':
      return {
        type: 'DeclineQuote',
        customerId: ask.customerId,
        at,
        expectedVersion: versionSeen(order, ask.seen),
        reason: 'Too dear',
      };
    case 'credit':
      return {
        type: 'IssueCreditNote',
        amountCents: ask.amountCents,
        reason: 'Damaged',
        at,
        expectedVersion: versionSeen(order, ask.seen),
      };
    case 'issue': {
      const file = { fileName: `${'a'.repeat(64)}.pdf`, sha256: 'a'.repeat(64), size: 1_000 };
      const creditNoteNumber = order?.view.creditNotes[ask.note]?.creditNoteNumber ?? 'CN-LUM2311202600042-9';
      return {
        type: 'IssueDocument',
        request: ask.document === 'creditNote' ? { kind: 'creditNote', creditNoteNumber } : { kind: ask.document },
        file,
        issuedAt: at.toISOString(),
      };
    }
  }
}

// node:assert in the checks run after every command: vitest's expect is too slow for thousands a property.

/** The money rules (money.ts, tax/sales-tax.ts): each line its unit price times its quantity, the totals from the lines. */
function assertTotalsOfLines(
  money: { lines: OrderView['lines']; subtotalCents: number; taxCents: number; totalCents: number },
  shippingCents: number,
  taxRateBasisPoints: number,
) {
  for (const line of money.lines) assert.equal(line.lineTotalCents, lineTotalCents(line), 'line total');
  assert.equal(
    money.subtotalCents,
    sumCents(money.lines, (line) => line.lineTotalCents),
    'subtotal',
  );
  assert.equal(money.taxCents, taxCents(money.subtotalCents + shippingCents, taxRateBasisPoints), 'tax');
  assert.equal(money.totalCents, money.subtotalCents + shippingCents + money.taxCents, 'total');
}

function assertConsistent(order: FoldedOrder | null, stream: readonly OrderEvent[]) {
  if (!order) return assert.deepEqual(stream, [], 'no order, no events');
  const { view } = order;
  assert.equal(view.version, stream.length, 'every event of the stream is one version of the order');
  assert.ok(orderStatuses.includes(view.status), view.status);
  assert.equal(
    order.heldFrom !== null,
    view.status === 'On hold',
    'a hold remembers where it came from, and only a hold',
  );
  if (view.taxExemptNumber !== null) assert.equal(view.taxRateBasisPoints, 0, 'an exempt order is taxed at 0');
  assertTotalsOfLines(view, shippingCentsOf(view), view.taxRateBasisPoints);
  if (view.quote) assertTotalsOfLines(view.quote, view.quote.shippingCents ?? 0, view.taxRateBasisPoints);
  for (const line of view.lines)
    if (line.reservedQuantity !== undefined)
      assert.equal(line.reservedQuantity + line.backorderedQuantity!, line.quantity, 'reserved + backordered');
  // One invoice, one receipt once paid; credit notes numbered in turn and never more than the invoice.
  assert.ok(view.invoices.length <= 1, 'one invoice');
  assert.ok(view.receipts.length <= (view.paidAt === null ? 0 : 1), 'a receipt once paid');
  view.creditNotes.forEach((note, index) =>
    assert.equal(note.creditNoteNumber, `CN-${view.orderNumber}-${index + 1}`, 'credit notes in turn'),
  );
  const credited = sumCents(view.creditNotes, (note) => note.amountCents);
  assert.ok(credited <= (view.invoices.length === 0 ? 0 : view.totalCents), 'never more credit than the invoice');
}

/** Events apart from fulfilment (documents, payment, credit): the status and a hold stay as they are. */
const apartFromFulfilment = new Set<OrderEvent['type']>([
  'InvoiceIssued',
  'InvoiceMarkedPaid',
  'CreditNoteRequested',
  'CreditNoteIssued',
  'PaymentReceiptIssued',
]);

/** Each event's step of the order: a hold and its release, and what leaves the status alone. */
function expectSteps(stream: readonly OrderEvent[]) {
  let order: FoldedOrder | null = null;
  let heldFrom: OrderView['status'] | null = null;
  for (const event of stream) {
    const before: FoldedOrder = order!;
    order = foldOrder(order, event)!;
    if (apartFromFulfilment.has(event.type)) {
      assert.deepEqual([order.view.status, order.heldFrom], [before.view.status, before.heldFrom], event.type);
    } else if (event.type === 'OrderPutOnHold') {
      heldFrom = before.view.status;
      assert.deepEqual([order.view.status, order.heldFrom], ['On hold', heldFrom], event.type);
    } else if (event.type === 'OrderReleased') {
      assert.deepEqual([order.view.status, order.heldFrom], [heldFrom, null], event.type);
    }
  }
}

/** Commands of a plan, each at its own time (later than the one before). */
const commandsOf = (planned: Plan[]) => {
  let time = start;
  return planned.map((next) => {
    time += next.hoursLater * HOUR_MS;
    const at = new Date(time);
    return (order: FoldedOrder | null) => commandOf(next, at, order);
  });
};

describe('order decider: properties over random commands', () => {
  it('keeps every order consistent: totals of its lines, one version per event, a hold that knows where it came from', () => {
    fc.assert(
      fc.property(plans, (planned) => {
        runCommands(orderDecider, commandsOf(planned), assertConsistent);
      }),
      propertyRuns,
    );
  });

  it('releases a hold to the status it was held from, and documents, payment and credit leave a hold alone', () => {
    const reached = new Set<string>();
    fc.assert(
      fc.property(plans, (planned) => {
        const { stream } = runCommands(orderDecider, commandsOf(planned), () => {});
        for (const event of stream) reached.add(event.type);
        expectSteps(stream);
      }),
      propertyRuns,
    );
    // The runs get there: holds released to processing, documents issued during a hold.
    expect([...reached]).toEqual(
      expect.arrayContaining(['OrderReleased', 'OrderShipped', 'QuoteAccepted', 'InvoiceIssued', 'CreditNoteIssued']),
    );
  });
});
