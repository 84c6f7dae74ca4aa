import { shippingCharge } from '@labshop/contracts/orders/shipping';
import { mulberry32 } from '@labshop/platform/seeded-random';
import { totalsAt } from '@labshop/contracts/tax/sales-tax';
import { sumCents } from '@labshop/contracts/money';
import type { Actor, EventStore, NewEvent } from '@labshop/platform/event-store/port';
import {
  CATALOGUE_STREAM,
  productStream,
  subproductStream,
  type DetailFields,
} from '@labshop/contracts/catalogue/events';
import { customerCartStream } from '@labshop/contracts/carts/events';
import { orderStream, type OrderLine } from '@labshop/contracts/orders/events';
import { INVOICING_ACTOR } from '@labshop/contracts/orders/invoices-events';
import { invoiceNumberFor } from '@labshop/contracts/orders/document-numbers';
import { productDetailPath } from '@labshop/contracts/carts/product-path';

/** One append: events for one stream, as a command would have written them. */
export interface HistoryAppend {
  stream: string;
  events: NewEvent[];
}

interface Detail {
  productId: string;
  subproductId: string;
  detailId: string;
  name: string;
  productType: string;
  catalogNumber: string;
  priceCents: number;
}

const STATES: readonly [string, number][] = [
  ['CA', 725],
  ['NY', 400],
  ['TX', 625],
  ['MA', 625],
  ['LA', 1012],
  ['OR', 0],
];
const ADMIN: Actor = { kind: 'admin', id: '00000000-0000-4000-8000-0000000ad001', email: 'admin@labshop.test' };
const HOUR = 3_600_000;

/**
 * A shop's history, deterministic for a seed: a catalogue (products, subproducts, details), then
 * shoppers filling carts, about half of them checking out (orders paid by purchase order or turned into
 * quotes, then confirmed, shipped, delivered, invoiced, paid, some cancelled), with price and stock edits
 * in the catalogue as time goes on. Stops once about `size` events have been produced. For the rebuild's
 * tests and the replay benchmark; every read model gets documents from it.
 */
export function* shopHistory(size: number, seed = 1): Generator<HistoryAppend> {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
  let clock = Date.parse('2026-01-05T14:00:00.000Z');
  let produced = 0;
  const at = (offsetMs = 0) => new Date(clock + offsetMs).toISOString();
  const append = (
    stream: string,
    actor: Actor,
    events: { type: string; data: unknown }[],
    offsetMs = 0,
  ): HistoryAppend => {
    produced += events.length;
    const id = uuid();
    const metadata = { actor, correlationId: id, causationId: id, occurredAt: at(offsetMs) };
    return { stream, events: events.map(({ type, data }) => ({ id: uuid(), type, data, metadata })) };
  };

  const details: Detail[] = [];
  const categories = [
    'Cell Culture',
    'Mycoplasma',
    'DNA/RNA Isolation',
    'Exosomes',
    'Western Blot',
    'Electrophoresis',
    'Lab Consumables',
    'Instruments',
  ];
  for (const [productIndex, category] of categories.entries()) {
    const productId = uuid();
    yield append(CATALOGUE_STREAM, ADMIN, [
      { type: 'ProductCreated', data: { productId, name: category, displayOrder: productIndex } },
    ]);
    for (let subproductIndex = 0; subproductIndex < 4; subproductIndex++) {
      const subproductId = uuid();
      const name = `${category} kit ${subproductIndex + 1}`;
      yield append(productStream(productId), ADMIN, [
        { type: 'SubproductCreated', data: { productId, subproductId, name, displayOrder: subproductIndex } },
      ]);
      const created = Array.from({ length: 6 }, (_, index) => {
        const detail: Detail = {
          productId,
          subproductId,
          detailId: uuid(),
          name,
          productType: `${[5, 25, 100, 500][index % 4]} ml`,
          catalogNumber: `${category.slice(0, 2).toUpperCase()}-${productIndex}${subproductIndex}${index}`,
          priceCents: 1_500 + Math.floor(random() * 400) * 100,
        };
        details.push(detail);
        return {
          type: 'DetailCreated',
          data: {
            productId,
            subproductId,
            detailId: detail.detailId,
            displayOrder: index,
            fields: detailFields(detail, index),
          },
        };
      });
      yield append(subproductStream(subproductId), ADMIN, created);
    }
  }

  let orderCount = 0;
  while (produced < size) {
    clock += 20_000 + Math.floor(random() * 40_000);
    if (random() < 0.08) {
      const detail = pick(details);
      detail.priceCents = Math.max(
        500,
        detail.priceCents + (random() < 0.5 ? -1 : 1) * 100 * (1 + Math.floor(random() * 20)),
      );
      const changes = random() < 0.7 ? { priceCents: detail.priceCents } : { quantity: Math.floor(random() * 300) };
      yield append(subproductStream(detail.subproductId), ADMIN, [
        { type: 'DetailUpdated', data: { ...ref(detail), changes } },
      ]);
      continue;
    }
    const customerId = uuid();
    const customer: Actor = {
      kind: 'customer',
      id: customerId,
      email: `buyer${produced}@lab${Math.floor(random() * 500)}.example.edu`,
    };
    const cart = customerCartStream(customerId);
    const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({
      detail: pick(details),
      quantity: 1 + Math.floor(random() * 4),
    }));
    const unique = [...new Map(lines.map((line) => [line.detail.detailId, line])).values()];
    const cartEvents: { type: string; data: unknown }[] = unique.map(({ detail, quantity }) => ({
      type: 'CartItemAdded',
      data: { ...change(), ...cartLine(detail), quantity, unitPriceCents: detail.priceCents },
    }));
    if (random() < 0.3)
      cartEvents.push({
        type: 'CartItemQuantityChanged',
        data: { ...change(), detailId: unique[0]!.detail.detailId, packSize: null, quantity: 5 },
      });
    yield append(cart, customer, cartEvents);
    if (random() < 0.45) continue;

    const orderId = uuid();
    orderCount++;
    const [state, rate] = pick(STATES);
    const orderLines: OrderLine[] = unique.map(({ detail }, index) => {
      const quantity = index === 0 && cartEvents.length > unique.length ? 5 : unique[index]!.quantity;
      return {
        ...cartLine(detail),
        quantity,
        unitPriceCents: detail.priceCents,
        lineTotalCents: detail.priceCents * quantity,
      };
    });
    const subtotalCents = sumCents(orderLines, (line) => line.lineTotalCents);
    // Every other order as placed before shipping was charged (no `shipping`), so read models see both kinds.
    const shipping =
      orderCount % 2 === 0
        ? shippingCharge(orderCount % 4 === 0 ? 'overnight' : 'ground', orderCount % 8 === 0)
        : undefined;
    const { taxCents, totalCents } = totalsAt(subtotalCents, rate, shipping?.costCents ?? 0);
    const orderNumber = `LUM${at().slice(0, 10).replaceAll('-', '')}${String(orderCount).padStart(5, '0')}`;
    const placedAt = at(60_000);
    const address = {
      firstName: 'Ann',
      lastName: `Lee${orderCount}`,
      email: customer.email,
      company: `Lab ${orderCount % 300}`,
      phone: '555-0101',
      address1: `${orderCount} Bench St`,
      address2: '',
      city: 'Springfield',
      state,
      zipCode: '01101',
      useForInvoice: true,
    };
    yield append(cart, customer, [{ type: 'CartCheckedOut', data: { ...change(), orderId } }], 60_000);
    const quote = random() < 0.2;
    const placed = {
      orderId,
      orderNumber,
      customerId,
      lines: orderLines,
      address,
      taxExemptNumber: null,
      taxState: state,
      taxRateBasisPoints: rate,
      ...(shipping && { shipping }),
      subtotalCents,
      taxCents,
      totalCents,
      idempotencyKey: uuid(),
      placedAt,
    };
    const payment = quote
      ? {
          type: 'QuoteRequested',
          data: {
            orderId,
            customerId,
            company: address.company,
            name: 'Ann Lee',
            poNumber: `Q-${orderCount}`,
            requestedAt: placedAt,
          },
        }
      : {
          type: 'PurchaseOrderSubmitted',
          data: {
            orderId,
            customerId,
            company: address.company,
            name: 'Ann Lee',
            poNumber: `PO-${orderCount}`,
            cardType: 'visa',
            cardLast4: '4242',
            submittedAt: placedAt,
          },
        };
    yield append(orderStream(orderId), customer, [{ type: 'OrderPlaced', data: placed }, payment], 60_000);
    if (quote) continue;
    const issuedAt = at(2 * HOUR);
    const hash = uuid().replaceAll('-', '').repeat(2);
    yield append(
      orderStream(orderId),
      INVOICING_ACTOR,
      [
        {
          type: 'InvoiceIssued',
          data: {
            orderId,
            invoiceNumber: invoiceNumberFor(orderNumber),
            fileName: `${hash}.pdf`,
            sha256: hash,
            size: 20_480,
            issuedAt,
          },
        },
      ],
      2 * HOUR,
    );
    if (random() < 0.1) {
      yield append(
        orderStream(orderId),
        ADMIN,
        [{ type: 'OrderCancelled', data: { orderId, reason: 'Customer asked', cancelledAt: at(3 * HOUR) } }],
        3 * HOUR,
      );
      continue;
    }
    const moves = [
      { type: 'OrderConfirmed', data: { orderId, confirmedAt: at(4 * HOUR) } },
      { type: 'OrderProcessing', data: { orderId, processingAt: at(5 * HOUR) } },
      {
        type: 'OrderShipped',
        data: { orderId, carrier: 'UPS', trackingNumber: `1Z${orderCount}`, shippedAt: at(24 * HOUR) },
      },
      { type: 'OrderDelivered', data: { orderId, deliveredAt: at(72 * HOUR) } },
      { type: 'InvoiceMarkedPaid', data: { orderId, reference: `ACH ${orderCount}`, paidAt: at(30 * 24 * HOUR) } },
    ];
    const steps = 1 + Math.floor(random() * moves.length);
    for (const move of moves.slice(0, steps)) yield append(orderStream(orderId), ADMIN, [move], 4 * HOUR);
  }

  function change() {
    return { commandId: uuid(), at: at() };
  }
}

function ref(detail: Detail) {
  return { productId: detail.productId, subproductId: detail.subproductId, detailId: detail.detailId };
}

function cartLine(detail: Detail) {
  return {
    detailId: detail.detailId,
    packSize: null,
    subproductId: detail.subproductId,
    productName: detail.name,
    productType: detail.productType,
    catalogNumber: detail.catalogNumber,
    innerPackageId: `IP-${detail.catalogNumber}`,
    imageUrl: null,
    productPath: productDetailPath(detail.detailId, detail.productType),
    listPriceCents: detail.priceCents,
    discountPercent: 0,
  };
}

function detailFields(detail: Detail, index: number): DetailFields {
  return {
    productType: detail.productType,
    quantity: 50 + index * 10,
    priceCents: detail.priceCents,
    addPercentage: 0,
    priceTiers: [],
    catalogNumber: detail.catalogNumber,
    innerPackageId: `IP-${detail.catalogNumber}`,
    bestseller: index === 0,
    featured: false,
    featuredText: '',
    contents: `<p>${detail.name}, ${detail.productType}. For research use only.</p>`,
    productUrl: null,
  };
}

/**
 * Appends a history through the event store's port, `writers` appends at a time: each stream's
 * events stay in their order (a stream always goes to the same writer), streams interleave.
 */
export async function appendHistory(
  eventStore: EventStore,
  history: Iterable<HistoryAppend>,
  writers = 8,
): Promise<void> {
  const queues: HistoryAppend[][] = Array.from({ length: writers }, () => []);
  for (const append of history) queues[streamHash(append.stream) % writers]!.push(append);
  await Promise.all(
    queues.map(async (queue) => {
      for (const { stream, events } of queue) await eventStore.append(stream, events, { expectedRevision: 'any' });
    }),
  );
}

function streamHash(stream: string): number {
  let hash = 0;
  for (let index = 0; index < stream.length; index++) hash = (hash * 31 + stream.charCodeAt(index)) >>> 0;
  return hash;
}
