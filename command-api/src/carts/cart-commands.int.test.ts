import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStores } from '@labshop/platform/testing/stores';
import type { EventStore, ReadStreamOptions } from '@labshop/platform/event-store/port';
import { customerCartStream } from '@labshop/contracts/carts/events';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import type { CurrentOffer } from '../catalogue/prices.ts';
import { cartDecider, type CartCommand } from './decider.ts';
import { loadCart, runCartCommand } from './cart-commands.ts';

let stores: Awaited<ReturnType<typeof createTestStores>>;
let store: EventStore;
let reads = 0;
const now = new Date('2026-03-01T12:00:00.000Z');
const metadata = {
  actor: { kind: 'system' as const, id: 'test', email: 'test@labshop.test' },
  correlationId: 'c',
  causationId: 'c',
  occurredAt: now.toISOString(),
};

beforeAll(async () => {
  stores = await createTestStores();
  const real = stores.eventStore;
  // Counts stream reads, so a test can see a decision made on the cached cart without one.
  store = {
    ...real,
    append: (...args) => real.append(...args),
    readStream(stream: string, options?: ReadStreamOptions) {
      reads++;
      return real.readStream(stream, options);
    },
  };
});
afterAll(() => stores.drop());

const offer = (detailId: string): CurrentOffer => ({
  detailId,
  subproductId: '00000000-0000-4000-8000-0000000000aa',
  packSize: null,
  unitPriceCents: 1_000,
  listPriceCents: 1_000,
  discountPercent: 0,
  catalogNumber: '',
  innerPackageId: '',
  productName: 'Kits',
  productType: 'Kit',
  imageUrl: null,
  productPath: '/product?x',
  inStock: true,
});
const add = (detailId: string, quantity = 1, commandId = crypto.randomUUID()): CartCommand => ({
  type: 'AddItems',
  commandId,
  now,
  items: [{ offer: offer(detailId), quantity }],
});
/** A write that does not go through the cache, as another instance of the command API would make it. */
const elsewhere = (stream: string, command: CartCommand) =>
  handleCommand(store, stream, cartDecider, command, metadata);
const quantities = async (stream: string) =>
  (await loadCart(store, stream)).state.cart.lines.map((line) => [line.detailId, line.quantity]);

describe('runCartCommand', () => {
  it('decides on the cached cart without reading it, after its own append', async () => {
    const stream = customerCartStream(crypto.randomUUID());
    await runCartCommand(store, stream, add('d1'), metadata);
    reads = 0;
    const { state, revision } = await runCartCommand(store, stream, add('d1', 2), metadata);
    expect(reads).toBe(0);
    expect(revision).toBe(1);
    expect(state.cart.lines.map((line) => line.quantity)).toEqual([3]);
  });

  it('catches a cart another writer changed: the append at the cached revision is refused and decided again', async () => {
    const stream = customerCartStream(crypto.randomUUID());
    await runCartCommand(store, stream, add('d1'), metadata);
    await elsewhere(stream, add('d2'));
    const { state, revision } = await runCartCommand(store, stream, add('d1'), metadata);
    expect(revision).toBe(2);
    expect(state.cart.lines.map((line) => [line.detailId, line.quantity])).toEqual([
      ['d1', 2],
      ['d2', 1],
    ]);
    expect(await quantities(stream)).toEqual([
      ['d1', 2],
      ['d2', 1],
    ]);
  });

  it('confirms a refusal or a no-op of the cached cart on the stream', async () => {
    const stream = customerCartStream(crypto.randomUUID());
    await runCartCommand(store, stream, add('d1'), metadata);
    const retried = add('d2', 1);
    await elsewhere(stream, retried);

    // Not in the cached cart, but in the stream: the quantity is set, not refused.
    const set = await runCartCommand(
      store,
      stream,
      { type: 'SetQuantity', commandId: crypto.randomUUID(), now, detailId: 'd2', packSize: null, quantity: 5 },
      metadata,
    );
    expect(set.events).toHaveLength(1);

    await elsewhere(stream, {
      type: 'RemoveItem',
      commandId: crypto.randomUUID(),
      now,
      detailId: 'd1',
      packSize: null,
    });
    // Already removed elsewhere: the cached cart would remove it again; the stream says there is nothing to do... once read.
    const removed = await runCartCommand(
      store,
      stream,
      { type: 'RemoveItem', commandId: crypto.randomUUID(), now, detailId: 'd1', packSize: null },
      metadata,
    );
    expect(removed.events).toEqual([]);
    expect(removed.state.cart.lines.map((line) => line.detailId)).toEqual(['d2']);

    // A retry of a command only the stream has seen changes nothing.
    const again = await runCartCommand(store, stream, retried, metadata);
    expect(again.events).toEqual([]);
    expect(await quantities(stream)).toEqual([['d2', 5]]);
  });
});
