import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  containerRuntime,
  describeWithContainers,
  startEventStoreDb,
  startMongo,
  type StartedServer,
} from '../../testing/containers.ts';
import { testMetadata } from '../../testing/given-events.ts';
import { testOrderPlacedData } from '@labshop/contracts/testing/orders';
import { eventStoreContract } from '../event-store.contract.ts';
import { createEventStoreDbEventStore } from '../eventstoredb/eventstoredb-event-store.ts';
import type { EventStore, RecordedEvent } from '../port.ts';
import type { KeyStore } from './key-store.ts';
import { createMongoKeyStore } from './mongodb-key-store.ts';
import { withPersonalDataProtection } from './personal-data-event-store.ts';

/**
 * The event store production runs (`openStores` with EVENTSTORE_URL and MONGODB_URL): EventStoreDB wrapped in
 * the personal-data store, customers' keys in MongoDB. The whole contract through the wrapper, then what the
 * wrapper adds: personal fields sealed in EventStoreDB itself, read back as appended, and erased everywhere.
 */
describeWithContainers(
  'EventStoreDB with personal data sealed under MongoDB keys (production)',
  await containerRuntime(),
  () => {
    let eventStoreDb: StartedServer;
    let mongo: StartedServer;
    let keys: KeyStore;

    beforeAll(async () => {
      [eventStoreDb, mongo] = await Promise.all([startEventStoreDb(), startMongo()]);
      keys = createMongoKeyStore({ url: mongo.url, database: 'labshop_keys' });
    }, 180_000);
    afterAll(async () => {
      await keys?.close();
      await Promise.all([eventStoreDb?.stop(), mongo?.stop()]);
    });

    const plain = () => createEventStoreDbEventStore({ connectionString: eventStoreDb.url });
    const sealed = () => withPersonalDataProtection(plain(), keys);

    eventStoreContract('EventStoreDB + personal data', async () => sealed());

    async function read(store: EventStore, stream: string): Promise<RecordedEvent[]> {
      const events: RecordedEvent[] = [];
      for await (const event of store.readStream(stream)) events.push(event);
      return events;
    }

    /** A customer's order placed through `store`, with a unique email, name and client address. */
    async function placeOrder(store: EventStore) {
      const customerId = randomUUID();
      const orderId = randomUUID();
      const email = `zed-${customerId.slice(0, 8)}@example.com`;
      const lastName = `Quill${customerId.slice(0, 6)}`;
      const data = testOrderPlacedData(orderId, customerId, new Date().toISOString(), {
        address: { ...testOrderPlacedData(orderId, customerId, '').address, email, lastName },
      });
      const metadata = { ...testMetadata({ kind: 'customer', id: customerId, email }), ip: '198.51.100.23' };
      await store.append(`order-${orderId}`, [{ type: 'OrderPlaced', data, metadata }], {
        expectedRevision: 'no_stream',
      });
      return { customerId, email, lastName, data, metadata, stream: `order-${orderId}` };
    }

    it('keeps personal fields sealed in EventStoreDB and reads them back as appended; amounts stay readable there', async () => {
      const [store, raw] = [sealed(), plain()];
      try {
        const order = await placeOrder(store);
        const [opened] = await read(store, order.stream);
        expect(opened!.data).toEqual(order.data);
        expect(opened!.metadata).toEqual(order.metadata);
        const [stored] = await read(raw, order.stream);
        const text = JSON.stringify(stored);
        for (const secret of [order.email, order.lastName, '198.51.100.23']) expect(text).not.toContain(secret);
        expect(stored!.data).toMatchObject({
          totalCents: order.data.totalCents,
          customerId: order.customerId,
          _personal: { owner: order.customerId },
        });
      } finally {
        await Promise.all([store.close(), raw.close()]);
      }
    });

    it('reads an erased customer in the erased shape from the stream, the log and a subscription', async () => {
      const store = sealed();
      try {
        const order = await placeOrder(store);
        await store.append(
          `customer-${order.customerId}`,
          [
            {
              type: 'CustomerErased',
              data: { customerId: order.customerId, erasedAt: new Date().toISOString() },
              metadata: testMetadata(),
            },
          ],
          {
            expectedRevision: 'any',
          },
        );
        const [fromStream] = await read(store, order.stream);
        expect(fromStream!.data).toMatchObject({
          address: { firstName: 'Erased', lastName: 'customer', email: 'erased@invalid' },
          totalCents: order.data.totalCents,
        });
        expect(fromStream!.metadata).toMatchObject({ actor: { email: 'erased@invalid' }, ip: '' });

        let fromLog: RecordedEvent | undefined;
        for await (const event of store.readAll({ types: ['OrderPlaced'] }))
          if (event.stream === order.stream) fromLog = event;
        expect(fromLog?.data).toEqual(fromStream!.data);

        const delivered = await new Promise<RecordedEvent>((resolve, reject) => {
          const subscription = store.subscribe({ types: ['OrderPlaced'] }, async (events) => {
            const mine = events.find((event) => event.stream === order.stream);
            if (mine) void subscription.stop().then(() => resolve(mine), reject);
          });
        });
        expect(delivered.data).toEqual(fromStream!.data);
        expect(await keys.keyFor(order.customerId)).toBe('erased');
      } finally {
        await store.close();
      }
    });
  },
);
