import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStores } from '../../testing/stores.ts';
import { searchDatabase } from '../../testing/find-text.ts';
import { testMetadata } from '../../testing/given-events.ts';
import { testOrderPlacedData } from '@labshop/contracts/testing/orders';
import { createPostgresEventStore, type PostgresEventStore } from '../postgres/postgres-event-store.ts';
import type { Actor, EventStore, RecordedEvent } from '../port.ts';
import { createPostgresKeyStore, type PostgresKeyStore } from './postgres-key-store.ts';
import { sealPlaintextEvents } from './seal-plaintext-events.ts';
import { withPersonalDataProtection } from './personal-data-event-store.ts';

let stores: Awaited<ReturnType<typeof createTestStores>>;
let plain: PostgresEventStore;
let keys: PostgresKeyStore;
let sql: pg.Client;

beforeAll(async () => {
  stores = await createTestStores();
  plain = createPostgresEventStore({ connectionString: stores.databaseUrl });
  keys = createPostgresKeyStore({ connectionString: stores.databaseUrl });
  sql = new pg.Client({ connectionString: stores.databaseUrl });
  await sql.connect();
});
afterAll(async () => {
  await sql.end();
  await Promise.all([plain.close(), keys.close()]);
  await stores.drop();
});

const customerActor = (id: string, email: string): Actor => ({ kind: 'customer', id, email });

async function read(store: EventStore, stream: string): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const event of store.readStream(stream)) events.push(event);
  return events;
}

/** A customer with a unique email and name, and their order placed through `store`. */
async function placeOrder(store: EventStore) {
  const customerId = randomUUID();
  const orderId = randomUUID();
  const email = `zed-${customerId.slice(0, 8)}@example.com`;
  const lastName = `Quill${customerId.slice(0, 6)}`;
  const data = testOrderPlacedData(orderId, customerId, new Date().toISOString(), {
    address: {
      ...testOrderPlacedData(orderId, customerId, '').address,
      email,
      lastName,
      phone: `555-${customerId.slice(0, 4)}`,
    },
  });
  const metadata = { ...testMetadata(customerActor(customerId, email)), ip: '198.51.100.23' };
  await store.append(`order-${orderId}`, [{ type: 'OrderPlaced', data, metadata }], { expectedRevision: 'no_stream' });
  return { customerId, orderId, email, lastName, data, metadata, stream: `order-${orderId}` };
}

const erase = (store: EventStore, customerId: string) =>
  store.append(
    `customer-${customerId}`,
    [{ type: 'CustomerErased', data: { customerId, erasedAt: new Date().toISOString() }, metadata: testMetadata() }],
    { expectedRevision: 'any' },
  );

describe('the personal-data event store', () => {
  it("seals what staff type into an order (a hold reason, a credit-note reason) with the order's customer's key, found from the order's stream", async () => {
    const order = await placeOrder(stores.eventStore);
    const reason = `Waiting for ${order.lastName} to call back`;
    await stores.eventStore.append(
      order.stream,
      [
        {
          type: 'OrderPutOnHold',
          data: { orderId: order.orderId, reason, heldAt: new Date().toISOString() },
          metadata: testMetadata(),
        },
      ],
      { expectedRevision: 'any' },
    );
    expect((await read(stores.eventStore, order.stream))[1]?.data).toMatchObject({ reason });
    // In the table: sealed under her key (the envelope names her), not in the clear.
    expect((await searchDatabase(stores.databaseUrl, [reason])).found).toEqual([]);
    const [raw] = (await read(plain, order.stream)).slice(1);
    expect(raw?.data).toMatchObject({
      orderId: order.orderId,
      _personal: { owner: order.customerId, paths: ['reason'] },
    });
    await erase(stores.eventStore, order.customerId);
    expect((await read(stores.eventStore, order.stream))[1]?.data).toMatchObject({
      orderId: order.orderId,
      reason: '',
    });
  });

  it('stores personal fields sealed and reads them back as appended; amounts stay readable in the table', async () => {
    const order = await placeOrder(stores.eventStore);
    const [event] = await read(stores.eventStore, order.stream);
    expect(event!.data).toEqual(order.data);
    expect(event!.metadata).toEqual(order.metadata);
    const stored = await searchDatabase(stores.databaseUrl, [order.email, order.lastName, '198.51.100.23']);
    expect(stored.found).toEqual([]);
    const { rows } = await sql.query<{ data: { totalCents: number; _personal: object } }>(
      'SELECT data FROM events WHERE stream_id = $1',
      [order.stream],
    );
    expect(rows[0]!.data).toMatchObject({
      totalCents: order.data.totalCents,
      customerId: order.customerId,
      _personal: { owner: order.customerId },
    });
  });

  it('reads an erased customer as the erased shape everywhere (stream, all, subscription), amounts unchanged', async () => {
    const order = await placeOrder(stores.eventStore);
    await erase(stores.eventStore, order.customerId);
    const erasedAddress = {
      ...order.data.address,
      firstName: 'Erased',
      lastName: 'customer',
      email: 'erased@invalid',
      company: '',
      phone: '',
      address1: '',
      city: '',
      zipCode: '',
    };
    const [fromStream] = await read(stores.eventStore, order.stream);
    expect(fromStream!.data).toEqual({ ...order.data, address: erasedAddress });
    expect(fromStream!.metadata).toEqual({
      ...order.metadata,
      actor: { ...order.metadata.actor, email: 'erased@invalid' },
      ip: '',
    });

    const delivered = await new Promise<RecordedEvent>((resolve, reject) => {
      const subscription = stores.eventStore.subscribe({ types: ['OrderPlaced'] }, async (events) => {
        const mine = events.find((event) => event.stream === order.stream);
        if (mine) void subscription.stop().then(() => resolve(mine), reject);
      });
    });
    expect(delivered.data).toEqual(fromStream!.data);
    // Delivered, so past the horizon: readAll sees it too.
    let fromAll: RecordedEvent | undefined;
    for await (const event of stores.eventStore.readAll({ types: ['OrderPlaced'] }))
      if (event.stream === order.stream) fromAll = event;
    expect(fromAll?.data).toEqual(fromStream!.data);
    expect(await keys.keyFor(order.customerId)).toBe('erased');
  });

  it('writes what an erased customer still sends in the erased shape, never sealed under a new key', async () => {
    const customerId = randomUUID();
    await erase(stores.eventStore, customerId);
    const stream = `customer-email-${customerId}`;
    await stores.eventStore.append(
      stream,
      [{ type: 'CustomerEmailReleased', data: { customerId, email: 'late@example.com' }, metadata: testMetadata() }],
      { expectedRevision: 'no_stream' },
    );
    expect((await read(plain, stream))[0]!.data).toEqual({ customerId, email: 'erased@invalid' });
  });

  it("seals with the owner's key from memory after the first append, and writes erased once this store erased them", async () => {
    let keyRequests = 0;
    const counted = withPersonalDataProtection(plain, {
      ...keys,
      keyFor: (owner) => (keyRequests++, keys.keyFor(owner)),
    });
    const order = await placeOrder(counted);
    const held = (at: string) => ({
      type: 'OrderPutOnHold',
      data: { orderId: order.orderId, reason: `Call ${order.lastName} ${at}`, heldAt: new Date().toISOString() },
      metadata: testMetadata(),
    });
    await counted.append(order.stream, [held('first')], { expectedRevision: 'any' });
    await counted.append(order.stream, [held('again')], { expectedRevision: 'any' });
    expect(keyRequests).toBe(1);
    expect((await read(counted, order.stream)).map((event) => (event.data as { reason?: string }).reason)).toEqual([
      undefined,
      `Call ${order.lastName} first`,
      `Call ${order.lastName} again`,
    ]);

    await erase(counted, order.customerId);
    await counted.append(order.stream, [held('late')], { expectedRevision: 'any' });
    expect((await read(plain, order.stream)).at(-1)!.data).toMatchObject({ orderId: order.orderId, reason: '' });
  });

  it('opens a chunk with the keys it loaded for it, even when they go stale meanwhile (no key cache at all here)', async () => {
    const uncached = withPersonalDataProtection(plain, keys, { keyCacheMs: 0, readChunk: 2 });
    const orders = [
      await placeOrder(stores.eventStore),
      await placeOrder(stores.eventStore),
      await placeOrder(stores.eventStore),
    ];
    for (const order of orders) expect((await read(uncached, order.stream))[0]!.data).toEqual(order.data);
  });

  it('passes events without personal data through untouched', async () => {
    const data = { orderId: randomUUID(), confirmedAt: new Date().toISOString() };
    const metadata = testMetadata();
    await stores.eventStore.append(`order-${data.orderId}`, [{ type: 'OrderConfirmed', data, metadata }], {
      expectedRevision: 'no_stream',
    });
    const [raw] = await read(plain, `order-${data.orderId}`);
    expect(raw!.data).toEqual(data);
    expect(raw!.metadata).toEqual(metadata);
  });

  it('refuses to read an event whose sealed data was altered', async () => {
    const order = await placeOrder(stores.eventStore);
    await sql.query(
      `UPDATE events SET data = jsonb_set(data, '{_personal,sealed}', to_jsonb('AAAA' || substr(data->'_personal'->>'sealed', 5))) WHERE stream_id = $1`,
      [order.stream],
    );
    await expect(read(stores.eventStore, order.stream)).rejects.toThrow(/altered/);
  });

  it('reads plaintext events written before sealing as they are, erased once their owner is, and seals them in place once', async () => {
    const kept = await placeOrder(plain);
    const gone = await placeOrder(plain);
    expect((await read(stores.eventStore, kept.stream))[0]!.data).toEqual(kept.data);
    await erase(stores.eventStore, gone.customerId);
    expect(((await read(stores.eventStore, gone.stream))[0]!.data as typeof gone.data).address).toMatchObject({
      email: 'erased@invalid',
      lastName: 'customer',
    });
    expect((await searchDatabase(stores.databaseUrl, [kept.email, gone.email])).found).toHaveLength(2);

    await sql.query('DELETE FROM personal_data_migrations');
    expect(await sealPlaintextEvents(stores.databaseUrl, keys)).toBe(2);
    expect(await sealPlaintextEvents(stores.databaseUrl, keys)).toBe(0);
    expect(
      (
        await searchDatabase(stores.databaseUrl, [
          kept.email,
          kept.lastName,
          gone.email,
          gone.lastName,
          '198.51.100.23',
        ])
      ).found,
    ).toEqual([]);
    const [sealed] = await read(stores.eventStore, kept.stream);
    expect(sealed!.data).toEqual(kept.data);
    expect(sealed!.metadata).toEqual(kept.metadata);
    expect(sealed!.position).toBe((await read(plain, kept.stream))[0]!.position);
  });
});
