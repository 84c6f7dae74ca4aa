import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStores } from '@labshop/platform/testing/stores';
import { openStores, type Stores } from '@labshop/platform/stores';
import { createTokenService } from '@labshop/platform/auth/tokens';
import type { EventMetadata, RecordedEvent } from '@labshop/platform/event-store/port';
import { customerCartStream } from '@labshop/contracts/carts/events';
import { orderNumbersStream } from '@labshop/contracts/orders/events';
import { buildCommandApp } from '../app.ts';
import { adminAuthorization } from '../testing/admin-session.ts';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import { cartDecider } from '../carts/decider.ts';
import { currentOffer } from '../catalogue/prices.ts';
import { createOrderNumberAllocator, ORDER_NUMBERS_USED_UP } from './order-number.ts';

let stores: Awaited<ReturnType<typeof createTestStores>>;
/** A second "process": its own pools on the same database. */
let other: Stores;
beforeAll(async () => {
  stores = await createTestStores();
  other = await openStores({ DATABASE_URL: stores.databaseUrl });
});
afterAll(async () => {
  await other?.close();
  await stores?.drop();
});

const metadataAt = (at: Date): EventMetadata => ({
  actor: { kind: 'customer', id: 'c1', email: 'c@example.com' },
  correlationId: randomUUID(),
  causationId: 'r',
  occurredAt: at.toISOString(),
});

async function eventsOf(stream: string, store = stores.eventStore) {
  const events: RecordedEvent[] = [];
  for await (const event of store.readStream(stream)) events.push(event);
  return events;
}

const numbered = (sequence: number, day: string) => `LUM${day}${String(sequence).padStart(7, '0')}`;
const sequenceOf = (orderNumber: string) => Number(orderNumber.slice(-7));

describe('order number allocation', () => {
  it('numbers a day from 1 up, each number reserved once in the day’s stream with its placement’s metadata', async () => {
    const at = new Date('2026-11-20T15:00:00Z');
    const allocator = createOrderNumberAllocator(stores.eventStore);
    const metadata = metadataAt(at);
    const numbers = [];
    for (let order = 0; order < 3; order++) numbers.push(await allocator.next(at, metadata));
    expect(numbers).toEqual([numbered(1, '20112026'), numbered(2, '20112026'), numbered(3, '20112026')]);
    const events = await eventsOf(orderNumbersStream('20112026'));
    expect(events.map((event) => event.data)).toEqual(
      numbers.map((orderNumber, index) => ({ orderNumber, sequence: index + 1 })),
    );
    expect(events[0]!.metadata).toEqual(metadata);
    // 22:30 in New York is already tomorrow in UTC, but still the same business day.
    expect(await allocator.next(new Date('2026-11-21T03:30:00Z'), metadata)).toBe(numbered(4, '20112026'));
    expect(await allocator.next(new Date('2026-11-21T15:00:00Z'), metadata)).toBe(numbered(1, '21112026'));
  });

  it('gives concurrent placements of one process distinct consecutive numbers in the order they asked', async () => {
    const at = new Date('2026-11-22T15:00:00Z');
    const allocator = createOrderNumberAllocator(stores.eventStore);
    const numbers = await Promise.all(Array.from({ length: 40 }, () => allocator.next(at, metadataAt(at))));
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, index) => numbered(index + 1, '22112026')));
  });

  it('strictly increases within a day across two processes: a number handed out later is always larger', async () => {
    const at = new Date('2026-11-23T15:00:00Z');
    const first = createOrderNumberAllocator(stores.eventStore);
    const second = createOrderNumberAllocator(other.eventStore);

    // Turn about, one after the other: each process must see what the other reserved since.
    const alternating = [];
    for (let order = 0; order < 10; order++)
      alternating.push(await (order % 2 ? second : first).next(at, metadataAt(at)));
    expect(alternating.map(sequenceOf)).toEqual(Array.from({ length: 10 }, (_, index) => index + 1));

    // Both at once, many times: every number distinct, and whenever one answer came before another was asked, it is smaller.
    const handedOut: { number: number; askedAt: number; answeredAt: number }[] = [];
    let clock = 0;
    await Promise.all(
      Array.from({ length: 120 }, async (_, index) => {
        await new Promise((resolve) => setTimeout(resolve, (index % 40) * 5));
        const askedAt = clock++;
        const orderNumber = await (index % 2 ? second : first).next(at, metadataAt(at));
        handedOut.push({ number: sequenceOf(orderNumber), askedAt, answeredAt: clock++ });
      }),
    );
    expect(new Set(handedOut.map((entry) => entry.number)).size).toBe(120);
    expect(Math.min(...handedOut.map((entry) => entry.number))).toBe(11);
    expect(Math.max(...handedOut.map((entry) => entry.number))).toBe(130);
    let pairsChecked = 0;
    for (const earlier of handedOut) {
      for (const later of handedOut) {
        if (earlier.answeredAt < later.askedAt) {
          pairsChecked++;
          expect(earlier.number, `${earlier.number} was answered before ${later.number} was asked`).toBeLessThan(
            later.number,
          );
        }
      }
    }
    expect(pairsChecked).toBeGreaterThan(100);
    // The day's stream, as either process reads it, is the numbers in the order they were reserved.
    const reserved = (await eventsOf(orderNumbersStream('23112026'), other.eventStore)).map(
      (event) => (event.data as { sequence: number }).sequence,
    );
    expect(reserved).toEqual(Array.from({ length: 130 }, (_, index) => index + 1));
  });

  it('refuses with a conflict, never a crash, once the day is used up, and goes on the next day', async () => {
    const at = new Date('2026-11-24T15:00:00Z');
    const first = createOrderNumberAllocator(stores.eventStore, { capacity: 5 });
    const second = createOrderNumberAllocator(other.eventStore, { capacity: 5 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, index) => (index % 2 ? second : first).next(at, metadataAt(at))),
    );
    const numbers = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    expect(numbers.map(sequenceOf).sort()).toEqual([1, 2, 3, 4, 5]);
    for (const outcome of outcomes.filter((outcome) => outcome.status === 'rejected')) {
      expect(outcome.reason).toMatchObject({ name: 'DomainError', kind: 'conflict', message: ORDER_NUMBERS_USED_UP });
    }
    await expect(first.next(at, metadataAt(at))).rejects.toMatchObject({ kind: 'conflict' });
    expect(await eventsOf(orderNumbersStream('24112026'))).toHaveLength(5);
    expect(await first.next(new Date('2026-11-25T15:00:00Z'), metadataAt(at))).toBe(numbered(1, '25112026'));
  });
});

describe('placing an order when the day’s numbers are used up', () => {
  it('answers 409 with the message, keeps the cart and writes no order', async () => {
    const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
    const app = await buildCommandApp({
      eventStore: stores.eventStore,
      tokens,
      logger: false,
      orderNumbers: createOrderNumberAllocator(stores.eventStore, { capacity: 2 }),
    });
    try {
      const admin = await adminAuthorization(stores.eventStore, tokens);
      const send = async (url: string, payload: object, headers: Record<string, string>) => {
        const response = await app.inject({ method: 'POST', url, payload, headers });
        return { status: response.statusCode, body: response.json() as Record<string, unknown> };
      };
      const productId = (await send('/api/admin/catalogue/products', { name: 'Pipettes' }, admin)).body
        .productId as string;
      const subproductId = (
        await send(`/api/admin/catalogue/products/${productId}/subproducts`, { name: 'Tips' }, admin)
      ).body.subproductId as string;
      const detailId = (
        await send(
          `/api/admin/catalogue/products/${productId}/subproducts/${subproductId}/details`,
          { productType: 'Box', quantity: 50, priceCents: 1_000, catalogNumber: 'TIP-1' },
          admin,
        )
      ).body.detailId as string;
      const offer = await currentOffer(stores.eventStore, { subproductId, detailId, packSize: null });
      const address = {
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann@example.com',
        company: 'Lee Labs',
        phone: '555-0101',
        address1: '1 Bench St',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
      };

      const statuses = [];
      let lastCustomer = '';
      let lastAnswer: Record<string, unknown> = {};
      for (let customer = 0; customer < 3; customer++) {
        const customerId = randomUUID();
        lastCustomer = customerId;
        await handleCommand(
          stores.eventStore,
          customerCartStream(customerId),
          cartDecider,
          { type: 'AddItems', commandId: randomUUID(), now: new Date(), items: [{ offer, quantity: 1 }] },
          metadataAt(new Date()),
        );
        const token = await tokens.sign({ role: 'customer', sub: customerId, email: 'ann@example.com' }, '1h');
        const answer = await send(
          '/api/account/orders',
          { idempotencyKey: randomUUID(), address, shippingMethod: 'ground', expectedSubtotalCents: 1_000 },
          { authorization: `Bearer ${token}` },
        );
        statuses.push(answer.status);
        lastAnswer = answer.body;
      }
      expect(statuses).toEqual([201, 201, 409]);
      expect(lastAnswer.message).toBe(ORDER_NUMBERS_USED_UP);
      const cart = await eventsOf(customerCartStream(lastCustomer));
      expect(cart.map((event) => event.type)).toEqual(['CartItemAdded']);
    } finally {
      await app.close();
    }
  });
});
