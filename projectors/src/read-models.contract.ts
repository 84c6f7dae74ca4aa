import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START, type Position } from '@labshop/platform/event-store/port';
import type { ReadStore, StoredDocument } from '@labshop/platform/read-store/port';
import { foldInMemory } from '@labshop/platform/read-store/fold-in-memory';
import { projections } from './index.ts';
import { applyBatch } from './runtime/apply-batch.ts';
import { LiveModel } from './runtime/live-model.ts';
import { checkpointName, physicalCollection } from '@labshop/platform/read-store/generations';
import { everyReadModelHistory } from './testing/every-read-model-history.ts';
import { valueAt } from '@labshop/platform/read-store/value-at';

const BATCH = 250;

/**
 * Every read model the shop runs (`projections`), built on one read store by the projectors' own runtime
 * (`applyBatch` in read-store transactions, routing lookups included, one `LiveModel` kept across batches) from a history that gives each of them
 * documents, changes and deletions, and compared document by document with the same projection folded in
 * memory; then the lookups its readers make by its indexed fields, and a redelivery of the whole history with
 * the checkpoint lost, which must change nothing. Run on PostgreSQL by `read-models-postgres.int.test.ts` and
 * on MongoDB by `read-models-mongodb.containers.test.ts`.
 */
export function readModelsContract(name: string, openStore: () => Promise<ReadStore>): void {
  describe(`Every read model on ${name}`, () => {
    const events = everyReadModelHistory();
    let store: ReadStore;

    beforeAll(async () => {
      store = await openStore();
    });
    afterAll(async () => {
      await store?.close();
    });

    /** Batch after batch, one model kept across them (its documents cached between batches), as the runner does. */
    async function build(model: LiveModel): Promise<void> {
      let after: Position = START;
      for (let start = 0; start < events.length; start += BATCH) {
        const batch = events.slice(start, start + BATCH);
        const outcome = await store.transaction((session) => applyBatch(session, [model], after, batch));
        expect(outcome.failed).toEqual([]);
        for (const pending of outcome.applied) model.committed(pending);
        after = batch.at(-1)!.position;
      }
    }

    for (const projection of projections) {
      it(`${projection.name}: the runtime's documents equal the in-memory fold, its readers' lookups find them, a redelivery changes nothing`, async () => {
        const version = projection.version;
        const collection = physicalCollection(projection.name, version);
        if (projection.indexedFields) await store.indexFields(collection, projection.indexedFields);
        const model = new LiveModel(projection);
        await build(model);

        // Both adapters keep a document as JSON.
        const expected = [...(await foldInMemory(projection, events)).values()].map(
          (document) => JSON.parse(JSON.stringify(document)) as StoredDocument,
        );
        expect(expected.length).toBeGreaterThan(0);
        expect(byId(await store.collection(collection).find())).toEqual(byId(expected));
        expect(await store.collection(collection).count()).toBe(expected.length);
        expect(await store.getCheckpoint(checkpointName(projection.name, version))).toBe(events.at(-1)!.position);

        for (const field of projection.indexedFields ?? []) {
          const values = [
            ...new Set(expected.map((document) => valueAt(document, field.split('.'))).filter(isScalar)),
          ].slice(0, 5);
          for (const value of values) {
            const found = await store.collection(collection).find({ where: { [field]: value } });
            expect(ids(found), `${field} = ${JSON.stringify(value)}`).toEqual(
              ids(expected.filter((document) => valueAt(document, field.split('.')) === value)),
            );
          }
        }

        // The checkpoint lost: the model finds it moved, forgets its documents and reads them back from the store.
        await store.setCheckpoint(checkpointName(projection.name, version), '');
        await build(model);
        expect(byId(await store.collection(collection).find())).toEqual(byId(expected));
      });
    }
  });
}

const ids = (documents: readonly StoredDocument[]) => documents.map((document) => document.id).sort();
const byId = (documents: readonly StoredDocument[]) =>
  [...documents].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
const isScalar = (value: unknown): value is string | number | boolean =>
  ['string', 'number', 'boolean'].includes(typeof value);
