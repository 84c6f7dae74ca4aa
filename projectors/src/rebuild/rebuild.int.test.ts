import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStores } from '@labshop/platform/testing/stores';
import { createLogger } from '@labshop/platform/logger';
import type { StoredDocument } from '@labshop/platform/read-store/port';
import { checkpointName, lastChangeName, physicalCollection } from '@labshop/platform/read-store/generations';
import { orderDesk, projections } from '../index.ts';
import type { OrderDeskEntry } from '@labshop/contracts/orders/desk-queries';
import { startProjectors } from '../start.ts';
import { appendHistory, shopHistory } from '../testing/shop-history.ts';
import { rebuildCollection, rebuildProjections, verifyProjections } from './rebuild.ts';

const logger = createLogger('silent');
let stores: Awaited<ReturnType<typeof createTestStores>>;

beforeAll(async () => {
  stores = await createTestStores();
  await appendHistory(stores.eventStore, shopHistory(1_500, 7));
  const running = startProjectors({ ...stores, projections, logger });
  await projectorsCaughtUp();
  await running.stop();
});
afterAll(async () => {
  await stores?.drop();
});

async function projectorsCaughtUp() {
  const head = await stores.eventStore.headPosition();
  // Generous: the audit log writes two documents per audited event, and the machine may be shared.
  const deadline = Date.now() + 60_000;
  for (const projection of projections) {
    while (((await stores.readStore.getCheckpoint(checkpointName(projection.name, projection.version))) ?? '') < head) {
      if (Date.now() > deadline) throw new Error(`${projection.name} did not catch up`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

const live = <D extends StoredDocument>(projection: { name: string; version: number }) =>
  stores.readStore.collection<D>(physicalCollection(projection.name, projection.version));

describe('rebuild', () => {
  it('rebuilds every read model exactly as the projectors built them', async () => {
    const verifications = await verifyProjections({ ...stores, projections, batchSize: 300 });

    expect(verifications.map(({ name, differences }) => ({ name, differences }))).toEqual(
      projections.map(({ name }) => ({ name, differences: [] })),
    );
    const withDocuments = verifications
      .filter((verification) => verification.documents > 0)
      .map((verification) => verification.name);
    expect(withDocuments).toEqual(
      expect.arrayContaining([
        'catalogue-tree',
        'catalogue-details',
        'audit-log',
        'customer-addresses',
        'carts',
        'best-sellers',
        'order-desk',
      ]),
    );
    expect(await stores.readStore.collection(rebuildCollection(orderDesk)).count()).toBe(0);
  });

  it('reports a damaged document field by field, and a rebuild of that one model repairs it', async () => {
    const [damaged] = await live<OrderDeskEntry>(orderDesk).find({ limit: 1 });
    const original = structuredClone(damaged!);
    await live<OrderDeskEntry>(orderDesk).upsert({
      ...damaged!,
      customerEmail: 'someone@else.example',
      _position: `${damaged!._position}~`,
    });

    const [verification] = await verifyProjections({ ...stores, projections: [orderDesk] });
    expect(verification!.differences).toEqual(
      [
        { id: original.id, field: 'customerEmail', live: 'someone@else.example', rebuilt: original.customerEmail },
        { id: original.id, field: '_position', live: `${original._position}~`, rebuilt: original._position },
      ].sort((a, b) => (a.field < b.field ? -1 : 1)),
    );

    const lastChangeBefore = await stores.readStore.getCheckpoint(lastChangeName(orderDesk.name, orderDesk.version));
    const [result] = await rebuildProjections({ ...stores, projections: [orderDesk] });

    expect(result).toMatchObject({ name: 'order-desk', position: await stores.eventStore.headPosition() });
    expect(await live<OrderDeskEntry>(orderDesk).get(original.id)).toEqual(original);
    expect((await verifyProjections({ ...stores, projections: [orderDesk] }))[0]!.differences).toEqual([]);
    expect(await stores.readStore.getCheckpoint(lastChangeName(orderDesk.name, orderDesk.version))).not.toBe(
      lastChangeBefore,
    );
  });

  it('swaps every model in while the projectors run and events keep arriving, and they carry on from there', async () => {
    const running = startProjectors({ ...stores, projections, logger });
    const more = shopHistory(800, 8);
    for (let index = 0; index < 100; index++) {
      const next = more.next();
      if (!next.done) await stores.eventStore.append(next.value.stream, next.value.events, { expectedRevision: 'any' });
    }
    const writer = appendHistory(stores.eventStore, more);
    const results = await rebuildProjections({ ...stores, projections, batchSize: 250 });
    await writer;
    await projectorsCaughtUp();
    await running.stop();

    expect(results.map((result) => result.name)).toEqual(projections.map((projection) => projection.name));
    const verifications = await verifyProjections({ ...stores, projections });
    expect(
      verifications.flatMap((verification) =>
        verification.differences.map((difference) => ({ name: verification.name, ...difference })),
      ),
    ).toEqual([]);
  });
});
