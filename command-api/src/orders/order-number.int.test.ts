import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStores } from '@labshop/shared/testing/stores';
import type { EventMetadata } from '@labshop/shared/event-store/port';
import { orderNumberStream } from '@labshop/shared/events/orders';
import { createOrderNumberAllocator } from './order-number.ts';

let stores: Awaited<ReturnType<typeof createTestStores>>;
beforeAll(async () => {
  stores = await createTestStores();
});
afterAll(async () => {
  await stores?.drop();
});

const at = new Date('2026-11-23T15:00:00Z');
const metadata: EventMetadata = { actor: { kind: 'customer', id: 'c1', email: 'c@example.com' }, correlationId: 'r', causationId: 'r', occurredAt: at.toISOString() };

/** A random source that returns the given values in turn, then the last one forever. */
const scripted = (...values: number[]) => () => (values.length > 1 ? values.shift()! : values[0]!);
/** A small deterministic generator (mulberry32): equal seeds give equal sequences. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The random value that makes the allocator start at `sequence`. */
const startingAt = (sequence: number) => (sequence - 1) / 99_999;

async function reservationOf(orderNumber: string) {
  const events = [];
  for await (const event of stores.eventStore.readStream(orderNumberStream(orderNumber))) events.push(event);
  return events;
}

describe('order number allocation', () => {
  it('counts up from its random start within one process', async () => {
    const allocator = createOrderNumberAllocator(stores.eventStore, scripted(startingAt(100)));
    const numbers = [];
    for (const orderId of ['o1', 'o2', 'o3']) numbers.push(await allocator.reserve(orderId, at, metadata));
    expect(numbers).toEqual(['LUM2311202600100', 'LUM2311202600101', 'LUM2311202600102']);
    const [reservation, ...more] = await reservationOf('LUM2311202600101');
    expect(more).toEqual([]);
    expect(reservation).toMatchObject({ type: 'OrderNumberReserved', data: { orderNumber: 'LUM2311202600101', orderId: 'o2' }, metadata });
  });

  it('moves to another random number when another allocator already holds one', async () => {
    // A second process starting where the first one did: 100..102 are taken, so it starts again at 5000.
    const second = createOrderNumberAllocator(stores.eventStore, scripted(startingAt(101), startingAt(5000)));
    expect(await second.reserve('o4', at, metadata)).toBe('LUM2311202605000');
    expect(await second.reserve('o5', at, metadata)).toBe('LUM2311202605001');
    expect((await reservationOf('LUM2311202600101'))[0]?.data).toEqual({ orderNumber: 'LUM2311202600101', orderId: 'o2' });
  });

  it('gives every one of many concurrent reservations from colliding allocators its own number', async () => {
    // Four "processes" whose random sources are the same seeded sequence, so they keep meeting on the same numbers.
    const allocators = Array.from({ length: 4 }, () => createOrderNumberAllocator(stores.eventStore, seededRandom(7)));
    const orderIds = Array.from({ length: 80 }, (_, index) => `concurrent-${index}`);
    const numbers = await Promise.all(orderIds.map((orderId, index) => allocators[index % 4]!.reserve(orderId, at, metadata)));
    expect(new Set(numbers).size).toBe(orderIds.length);
    for (const [index, orderNumber] of numbers.entries()) {
      const events = await reservationOf(orderNumber);
      expect(events.map((event) => event.data)).toEqual([{ orderNumber, orderId: orderIds[index] }]);
    }
  });

  it('starts a new day at a new number of that day', async () => {
    const allocator = createOrderNumberAllocator(stores.eventStore, scripted(startingAt(7), startingAt(9)));
    expect(await allocator.reserve('o6', at, metadata)).toBe('LUM2311202600007');
    expect(await allocator.reserve('o7', new Date('2026-11-24T15:00:00Z'), metadata)).toBe('LUM2411202600009');
  });

  it('gives up with an error rather than loop when every number it tries is taken', async () => {
    const allocator = createOrderNumberAllocator(stores.eventStore, () => startingAt(100));
    await expect(allocator.reserve('o8', at, metadata)).rejects.toThrow(/No free order number/);
  });
});
