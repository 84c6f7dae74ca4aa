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

const numbered = (sequence: number, day = '23112026') => `LUM${day}${String(sequence).padStart(5, '0')}`;

describe('order number allocation', () => {
  it('reserves a batch of consecutive numbers from its random start and hands them out in order', async () => {
    const allocator = createOrderNumberAllocator(stores.eventStore, { random: scripted(startingAt(100)), batchSize: 4 });
    const numbers = [];
    for (let order = 0; order < 3; order++) numbers.push(await allocator.next(at, metadata));
    expect(numbers).toEqual([numbered(100), numbered(101), numbered(102)]);
    const [reservation, ...more] = await reservationOf(numbered(101));
    expect(more).toEqual([]);
    expect(reservation).toMatchObject({ type: 'OrderNumberReserved', data: { orderNumber: numbered(101) }, metadata });
    // The fourth of the batch is reserved, waiting for the next order; nothing beyond it.
    expect(await reservationOf(numbered(103))).toHaveLength(1);
    expect(await reservationOf(numbered(104))).toHaveLength(0);
    expect(await allocator.next(at, metadata)).toBe(numbered(103));
    expect(await allocator.next(at, metadata)).toBe(numbered(104));
  });

  it('moves to other random numbers where another allocator already holds them', async () => {
    // A second process starting where the first one did: 101..104 are taken, so each collision starts again elsewhere.
    const second = createOrderNumberAllocator(stores.eventStore, { random: scripted(startingAt(101), startingAt(5000), startingAt(6000), startingAt(7000), startingAt(8000)), batchSize: 4 });
    const numbers = [];
    for (let order = 0; order < 4; order++) numbers.push(await second.next(at, metadata));
    expect(numbers).toEqual([numbered(5000), numbered(6000), numbered(7000), numbered(8000)]);
    expect((await reservationOf(numbered(101))).map((event) => event.data)).toEqual([{ orderNumber: numbered(101) }]);
  });

  it('gives every one of many concurrent orders from colliding allocators its own number', async () => {
    // Four "processes" whose random sources are the same seeded sequence, so they keep meeting on the same numbers.
    const allocators = Array.from({ length: 4 }, () => createOrderNumberAllocator(stores.eventStore, { random: seededRandom(7), batchSize: 8 }));
    const numbers = await Promise.all(Array.from({ length: 80 }, (_, index) => allocators[index % 4]!.next(at, metadata)));
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const orderNumber of numbers) expect((await reservationOf(orderNumber)).map((event) => event.data)).toEqual([{ orderNumber }]);
  });

  it('starts a new day at a new number of that day', async () => {
    const allocator = createOrderNumberAllocator(stores.eventStore, { random: scripted(startingAt(7), startingAt(9)), batchSize: 2 });
    expect(await allocator.next(at, metadata)).toBe(numbered(7));
    expect(await allocator.next(new Date('2026-11-24T15:00:00Z'), metadata)).toBe(numbered(9, '24112026'));
  });

  it('gives up with an error rather than loop when every number it tries is taken', async () => {
    const allocator = createOrderNumberAllocator(stores.eventStore, { random: () => startingAt(100), batchSize: 1 });
    await expect(allocator.next(at, metadata)).rejects.toThrow(/No free order number/);
  });
});
