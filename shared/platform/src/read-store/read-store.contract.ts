/**
 * The behaviour every ReadStore adapter must have. Each adapter's integration test calls
 * `readStoreContract` with a factory for a store on an empty backend; tests use fresh collection
 * and checkpoint names, so they share one store without seeing each other's documents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Query, ReadStore, StoredDocument } from './port.ts';
import { ReadStoreQueryError } from './query.ts';

interface Product extends StoredDocument {
  name?: string;
  price?: number | string;
  visible?: boolean;
  discontinued?: string | null;
  addedAt?: string;
  stock?: { warehouse: { quantity: number; aisle?: string } };
}

export function readStoreContract(name: string, openStore: () => Promise<ReadStore>): void {
  describe(`ReadStore contract: ${name}`, () => {
    let store: ReadStore;
    let sequence = 0;
    const fresh = (base: string) => `${base}_${++sequence}`;
    const product = (id: string, position: string, fields: Omit<Product, 'id' | '_position'> = {}): Product => ({
      id,
      _position: position,
      ...fields,
    });
    const ids = (docs: readonly StoredDocument[]) => docs.map((doc) => doc.id);

    /** A collection holding `docs`, written at position "1", with `indexed` fields indexed first. */
    async function seeded(docs: readonly Omit<Product, '_position'>[], indexed: readonly string[] = []) {
      const name = fresh('products');
      if (indexed.length > 0) await store.indexFields(name, indexed);
      const collection = store.collection<Product>(name);
      for (const doc of docs) await collection.upsert({ ...doc, _position: '1' });
      return collection;
    }

    beforeAll(async () => {
      store = await openStore();
    });
    afterAll(async () => {
      await store?.close();
    });

    describe('documents', () => {
      it('returns an upserted document by id, and null for an unknown id', async () => {
        const products = store.collection<Product>(fresh('products'));
        const doc = product('p1', '0001', { name: 'Pipette tips', price: 12.5, stock: { warehouse: { quantity: 3 } } });

        expect(await products.upsert(doc)).toBe(true);

        expect(await products.get('p1')).toEqual(doc);
        expect(await products.get('p2')).toBeNull();
      });

      it('replaces the whole document on a newer position', async () => {
        const products = store.collection<Product>(fresh('products'));
        await products.upsert(product('p1', '0001', { name: 'Old', price: 1 }));

        expect(await products.upsert(product('p1', '0002', { name: 'New' }))).toBe(true);

        expect(await products.get('p1')).toEqual(product('p1', '0002', { name: 'New' }));
      });

      it('ignores an upsert at an older or equal position and reports it as not written', async () => {
        const products = store.collection<Product>(fresh('products'));
        await products.upsert(product('p1', '0005', { name: 'Current' }));

        expect(await products.upsert(product('p1', '0004', { name: 'Older' }))).toBe(false);
        expect(await products.upsert(product('p1', '0005', { name: 'Same position' }))).toBe(false);

        expect(await products.get('p1')).toEqual(product('p1', '0005', { name: 'Current' }));
      });

      it('compares positions as plain strings (byte order), not by locale', async () => {
        const products = store.collection<Product>(fresh('products'));
        await products.upsert(product('p1', 'B'));

        // "a" (0x61) sorts after "B" (0x42) in byte order but before it in most locales.
        expect(await products.upsert(product('p1', 'a'))).toBe(true);
        expect(await products.upsert(product('p1', 'B'))).toBe(false);
      });

      it('keeps the document with the highest position when many writers race on one id', async () => {
        const products = store.collection<Product>(fresh('products'));
        const positions = Array.from({ length: 16 }, (_, i) => String(i).padStart(4, '0')).reverse();

        const results = await Promise.all(
          positions.map((position) => products.upsert(product('p1', position, { name: position }))),
        );

        expect(results.some(Boolean)).toBe(true);
        expect(await products.get('p1')).toEqual(product('p1', '0015', { name: '0015' }));
      });

      it('hides a deleted document from get, find and count', async () => {
        const products = await seeded([
          { id: 'p1', name: 'Kept' },
          { id: 'p2', name: 'Deleted' },
        ]);

        expect(await products.delete('p2', '2')).toBe(true);

        expect(await products.get('p2')).toBeNull();
        expect(ids(await products.find())).toEqual(['p1']);
        expect(await products.count()).toBe(1);
        expect(await products.count({ where: { name: 'Deleted' } })).toBe(0);
      });

      it('keeps a tombstone: an older or equal upsert does not resurrect, a newer one does', async () => {
        const products = store.collection<Product>(fresh('products'));
        await products.upsert(product('p1', '0002', { name: 'Live' }));
        await products.delete('p1', '0004');

        expect(await products.upsert(product('p1', '0003', { name: 'Stale' }))).toBe(false);
        expect(await products.upsert(product('p1', '0004', { name: 'Redelivered' }))).toBe(false);
        expect(await products.get('p1')).toBeNull();

        expect(await products.upsert(product('p1', '0005', { name: 'Recreated' }))).toBe(true);
        expect(await products.get('p1')).toEqual(product('p1', '0005', { name: 'Recreated' }));
      });

      it('ignores a delete at or below the stored position', async () => {
        const products = store.collection<Product>(fresh('products'));
        await products.upsert(product('p1', '0005', { name: 'Live' }));

        expect(await products.delete('p1', '0004')).toBe(false);
        expect(await products.delete('p1', '0005')).toBe(false);
        expect(await products.get('p1')).toEqual(product('p1', '0005', { name: 'Live' }));

        expect(await products.delete('p1', '0006')).toBe(true);
        expect(await products.delete('p1', '0006')).toBe(false);
      });

      it('leaves a tombstone for a document it never saw, so an older upsert arriving later stays out', async () => {
        const products = store.collection<Product>(fresh('products'));

        expect(await products.delete('p1', '0005')).toBe(true);

        expect(await products.upsert(product('p1', '0004'))).toBe(false);
        expect(await products.get('p1')).toBeNull();
      });

      it('refuses a document without a string id or position', async () => {
        const products = store.collection<Product>(fresh('products'));

        await expect(products.upsert({ _position: '1' } as unknown as Product)).rejects.toBeInstanceOf(
          ReadStoreQueryError,
        );
        await expect(products.upsert({ id: 'p1', _position: 7 } as unknown as Product)).rejects.toBeInstanceOf(
          ReadStoreQueryError,
        );
        await expect(products.get({ $ne: null } as unknown as string)).rejects.toBeInstanceOf(ReadStoreQueryError);
        expect(await products.count()).toBe(0);
      });
    });

    describe.each([
      ['', []],
      [
        ' on indexed fields',
        ['name', 'price', 'visible', 'discontinued', 'stock.warehouse.aisle', 'stock.warehouse.quantity'],
      ],
    ] as const)('equality and $in%s', (_, indexed) => {
      const catalogue: Omit<Product, '_position'>[] = [
        { id: 'a', name: 'Ethanol', price: 10, visible: true, discontinued: null },
        { id: 'b', name: 'ethanol', price: '10', visible: false, discontinued: '2023-01-01' },
        { id: 'c', name: 'Methanol', price: 100, visible: true },
        { id: 'd', name: 'true', price: 9 },
      ];

      it('matches strings exactly and case-sensitively', async () => {
        const products = await seeded(catalogue, indexed);
        expect(ids(await products.find({ where: { name: 'Ethanol' } }))).toEqual(['a']);
      });

      it('matches numbers and strings by type: 10 is not "10"', async () => {
        const products = await seeded(catalogue, indexed);
        expect(ids(await products.find({ where: { price: 10 } }))).toEqual(['a']);
        expect(ids(await products.find({ where: { price: '10' } }))).toEqual(['b']);
      });

      it('matches booleans by type: true is not "true"', async () => {
        const products = await seeded(catalogue, indexed);
        expect(ids(await products.find({ where: { visible: true } }))).toEqual(['a', 'c']);
        expect(ids(await products.find({ where: { name: 'true' } }))).toEqual(['d']);
        expect(ids(await products.find({ where: { visible: false } }))).toEqual(['b']);
      });

      it('matches null against an explicit null or a missing field', async () => {
        const products = await seeded(catalogue, indexed);
        expect(ids(await products.find({ where: { discontinued: null } }))).toEqual(['a', 'c', 'd']);
      });

      it('combines conditions on several fields with AND', async () => {
        const products = await seeded(catalogue, indexed);
        expect(ids(await products.find({ where: { visible: true, price: 100 } }))).toEqual(['c']);
      });

      it('matches any of the $in values, each by type, null included', async () => {
        const products = await seeded(catalogue, indexed);
        expect(ids(await products.find({ where: { price: { $in: [9, '10'] } } }))).toEqual(['b', 'd']);
        expect(ids(await products.find({ where: { discontinued: { $in: [null, '2023-01-01'] } } }))).toEqual([
          'a',
          'b',
          'c',
          'd',
        ]);
        expect(ids(await products.find({ where: { price: { $in: [] } } }))).toEqual([]);
      });

      it('reaches nested fields through dotted paths', async () => {
        const products = await seeded(
          [
            { id: 'a', stock: { warehouse: { quantity: 0, aisle: 'A1' } } },
            { id: 'b', stock: { warehouse: { quantity: 5, aisle: 'B2' } } },
            { id: 'c', stock: { warehouse: { quantity: 50, aisle: 'b2' } } },
            { id: 'd' },
          ],
          indexed,
        );
        expect(ids(await products.find({ where: { 'stock.warehouse.aisle': 'B2' } }))).toEqual(['b']);
        expect(ids(await products.find({ where: { 'stock.warehouse.quantity': { $gte: 5 } } }))).toEqual(['b', 'c']);
        expect(ids(await products.find({ sort: [{ field: 'stock.warehouse.quantity', direction: 'desc' }] }))).toEqual([
          'c',
          'b',
          'a',
          'd',
        ]);
        expect(
          ids(await products.find({ text: { field: 'stock.warehouse.aisle', value: 'b', mode: 'prefix' } })),
        ).toEqual(['b', 'c']);
      });
    });

    describe('ranges', () => {
      const prices: Omit<Product, '_position'>[] = [
        { id: 'p9', price: 9 },
        { id: 'p10', price: 10 },
        { id: 'p100', price: 100 },
        { id: 'p2_5', price: 2.5 },
        { id: 'text', price: '50' },
        { id: 'none' },
      ];

      it('compares numbers as numbers: 9 < 10 < 100', async () => {
        const products = await seeded(prices);
        expect(
          ids(await products.find({ where: { price: { $gt: 9 } }, sort: [{ field: 'price', direction: 'asc' }] })),
        ).toEqual(['p10', 'p100']);
        expect(
          ids(
            await products.find({
              where: { price: { $gte: 9, $lt: 100 } },
              sort: [{ field: 'price', direction: 'asc' }],
            }),
          ),
        ).toEqual(['p9', 'p10']);
        expect(
          ids(await products.find({ where: { price: { $lte: 9 } }, sort: [{ field: 'price', direction: 'asc' }] })),
        ).toEqual(['p2_5', 'p9']);
      });

      it('matches a numeric bound only against numbers', async () => {
        const products = await seeded(prices);
        expect(await products.count({ where: { price: { $gt: 0 } } })).toBe(4);
      });

      it('finds the documents written after a position, by their _position (the search reads only what changed)', async () => {
        const products = store.collection<Product>(fresh('products'));
        await products.upsert(product('a', '0001-0001'));
        await products.upsert(product('b', '0001-0002'));
        await products.upsert(product('c', '0002-0001'));
        await products.upsert(product('a', '0003-0001', { name: 'rewritten' }));
        await products.delete('b', '0003-0002');
        expect(ids(await products.find({ where: { _position: { $gt: '0001-0002' } } }))).toEqual(['a', 'c']);
        expect(ids(await products.find({ where: { _position: { $gt: '0003-0001' } } }))).toEqual([]);
      });

      it('compares ISO date strings chronologically', async () => {
        const products = await seeded([
          { id: 'jan', addedAt: '2024-01-31T23:59:59.999Z' },
          { id: 'feb1', addedAt: '2024-02-01T00:00:00.000Z' },
          { id: 'feb29', addedAt: '2024-02-29T12:00:00.000Z' },
          { id: 'mar', addedAt: '2024-03-01T00:00:00.000Z' },
          { id: 'number', price: 20240215 },
        ]);
        const february = { $gte: '2024-02-01T00:00:00.000Z', $lt: '2024-03-01T00:00:00.000Z' };
        expect(
          ids(await products.find({ where: { addedAt: february }, sort: [{ field: 'addedAt', direction: 'asc' }] })),
        ).toEqual(['feb1', 'feb29']);
        expect(
          ids(
            await products.find({
              where: { addedAt: { $gt: '2024-02-29' } },
              sort: [{ field: 'addedAt', direction: 'desc' }],
            }),
          ),
        ).toEqual(['mar', 'feb29']);
      });
    });

    describe('sort, limit, skip and count', () => {
      const shelf: Omit<Product, '_position'>[] = [
        { id: 'a', name: 'pipette', price: 100 },
        { id: 'b', name: 'beaker', price: 9 },
        { id: 'c', name: 'flask', price: 10 },
        { id: 'd', name: 'agar', price: 10 },
        { id: 'e', name: 'tube', price: 2.5 },
      ];

      it('sorts numbers numerically, ascending and descending, ties by id', async () => {
        const products = await seeded(shelf);
        expect(ids(await products.find({ sort: [{ field: 'price', direction: 'asc' }] }))).toEqual([
          'e',
          'b',
          'c',
          'd',
          'a',
        ]);
        expect(ids(await products.find({ sort: [{ field: 'price', direction: 'desc' }] }))).toEqual([
          'a',
          'c',
          'd',
          'b',
          'e',
        ]);
      });

      it('sorts strings by text and by several keys', async () => {
        const products = await seeded(shelf);
        expect(ids(await products.find({ sort: [{ field: 'name', direction: 'asc' }] }))).toEqual([
          'd',
          'b',
          'c',
          'a',
          'e',
        ]);
        expect(ids(await products.find({ sort: [{ field: 'name', direction: 'desc' }] }))).toEqual([
          'e',
          'a',
          'c',
          'b',
          'd',
        ]);
        expect(
          ids(
            await products.find({
              sort: [
                { field: 'price', direction: 'desc' },
                { field: 'name', direction: 'asc' },
              ],
            }),
          ),
        ).toEqual(['a', 'd', 'c', 'b', 'e']);
      });

      it('puts documents missing the sort field first when ascending', async () => {
        const products = await seeded([...shelf, { id: 'z' }]);
        expect(ids(await products.find({ sort: [{ field: 'price', direction: 'asc' }], limit: 2 }))).toEqual([
          'z',
          'e',
        ]);
      });

      it('pages with limit and skip after sorting', async () => {
        const products = await seeded(shelf);
        const byPrice = { sort: [{ field: 'price', direction: 'asc' }] } satisfies Query;
        expect(ids(await products.find({ ...byPrice, limit: 2 }))).toEqual(['e', 'b']);
        expect(ids(await products.find({ ...byPrice, limit: 2, skip: 2 }))).toEqual(['c', 'd']);
        expect(ids(await products.find({ ...byPrice, skip: 4 }))).toEqual(['a']);
        expect(ids(await products.find({ ...byPrice, limit: 0 }))).toEqual([]);
      });

      it('orders by id when no sort is given', async () => {
        const products = await seeded([{ id: 'b' }, { id: 'c' }, { id: 'a' }]);
        expect(ids(await products.find())).toEqual(['a', 'b', 'c']);
      });

      it('counts the documents a filter matches, ignoring paging', async () => {
        const products = await seeded(shelf);
        expect(await products.count()).toBe(5);
        expect(await products.count({ where: { price: 10 } })).toBe(2);
        expect(
          await products.count({ where: { price: { $gte: 10 } }, text: { field: 'name', value: 'A', mode: 'prefix' } }),
        ).toBe(1);
      });

      it('answers a page with the count of every match, past the last page and for no match too', async () => {
        const products = await seeded(shelf);
        const byPrice = {
          where: { price: { $gte: 9 } },
          sort: [{ field: 'price', direction: 'desc' }],
        } satisfies Query;
        const page = await products.findPage({ ...byPrice, skip: 1, limit: 2 });
        expect([ids(page.documents), page.total]).toEqual([['c', 'd'], 4]);
        const past = await products.findPage({ ...byPrice, skip: 10, limit: 2 });
        expect([ids(past.documents), past.total]).toEqual([[], 4]);
        const none = await products.findPage({ where: { price: 1 }, limit: 2 });
        expect([ids(none.documents), none.total]).toEqual([[], 0]);
        const empty = await products.findPage({ ...byPrice, limit: 0 });
        expect([ids(empty.documents), empty.total]).toEqual([[], 4]);
        expect(await products.findPage()).toEqual({ documents: await products.find(), total: 5 });
      });
    });

    describe('text match', () => {
      const labels: Omit<Product, '_position'>[] = [
        { id: 'percent', name: '100% Ethanol' },
        { id: 'underscore', name: '100_ Ethanol' },
        { id: 'plain', name: '1000 ethanol' },
        { id: 'regex', name: 'a.b*c (x) [y]' },
        { id: 'lookalike', name: 'axbbbc (x) y' },
        { id: 'backslash', name: 'C:\\temp\\cells' },
        { id: 'quote', name: "O'Brien's buffer $1" },
        { id: 'number', price: 100 },
      ];
      const match = (value: string, mode: 'prefix' | 'substring') =>
        ({ text: { field: 'name', value, mode } }) satisfies Query;
      const matching = async (value: string, mode: 'prefix' | 'substring') =>
        ids(await (await seeded(labels)).find(match(value, mode))).sort();

      it('matches a prefix case-insensitively', async () => {
        expect(await matching('100', 'prefix')).toEqual(['percent', 'plain', 'underscore']);
        expect(await matching("o'brien", 'prefix')).toEqual(['quote']);
      });

      it('matches a substring case-insensitively', async () => {
        expect(await matching('ETHANOL', 'substring')).toEqual(['percent', 'plain', 'underscore']);
        expect(await matching('ethanol', 'prefix')).toEqual([]);
      });

      it('treats % and _ as literal characters', async () => {
        expect(await matching('100%', 'prefix')).toEqual(['percent']);
        expect(await matching('0_ e', 'substring')).toEqual(['underscore']);
        expect(await matching('%', 'substring')).toEqual(['percent']);
      });

      it('treats regular-expression characters and backslashes as literal characters', async () => {
        expect(await matching('.b*c (x) [', 'substring')).toEqual(['regex']);
        expect(await matching('a.', 'prefix')).toEqual(['regex']);
        expect(await matching(':\\temp\\', 'substring')).toEqual(['backslash']);
        expect(await matching('$1', 'substring')).toEqual(['quote']);
        expect(await matching('^', 'substring')).toEqual([]);
      });

      it('matches only string fields', async () => {
        const products = await seeded(labels);
        expect(ids(await products.find({ text: { field: 'price', value: '10', mode: 'prefix' } }))).toEqual([]);
      });

      it('combines with equality filters', async () => {
        const products = await seeded(labels);
        expect(ids(await products.find({ where: { name: '1000 ethanol' }, ...match('ETH', 'substring') }))).toEqual([
          'plain',
        ]);
      });
    });

    describe('query validation', () => {
      const injections: [string, unknown][] = [
        ['$ne', { where: { name: { $ne: null } } }],
        ['$where', { where: { name: { $where: '1' } } }],
        ['$where as a field', { where: { $where: '1' } }],
        ['$or as a field', { where: { $or: [{ name: 'x' }] } }],
        ['nested operator in a bound', { where: { price: { $gt: { $ne: 1 } } } }],
        ['$regex', { where: { name: { $regex: '.*' } } }],
        ['operator inside $in', { where: { name: { $in: [{ $ne: 1 }] } } }],
        ['$in beside a range', { where: { price: { $in: [1], $gt: 0 } } }],
        ['an empty condition', { where: { name: {} } }],
        ['an array as a value', { where: { name: ['x'] } }],
        ['an object as a value', { where: { stock: { warehouse: 1 } } }],
        ['NaN', { where: { price: Number.NaN } }],
        ['mixed range types', { where: { price: { $gt: 1, $lt: 'z' } } }],
        ['SQL in a field path', { where: { "name') OR 1=1 --": 'x' } }],
        ['a reserved field', { where: { _id: 'x' } }],
        ['a bad sort field', { sort: [{ field: 'name; DROP TABLE x', direction: 'asc' }] }],
        ['a bad sort direction', { sort: [{ field: 'name', direction: 'up' }] }],
        ['a bad text field', { text: { field: '$where', value: 'x', mode: 'prefix' } }],
        ['a bad text mode', { text: { field: 'name', value: 'x', mode: 'regex' } }],
        ['a negative limit', { limit: -1 }],
        ['a fractional skip', { skip: 1.5 }],
        ['an unknown query key', { filter: { name: 'x' } }],
      ];

      it.each(injections)('refuses %s without reading anything', async (_, query) => {
        const products = await seeded([{ id: 'secret', name: 'x', price: 1 }]);
        await expect(products.find(query as Query)).rejects.toBeInstanceOf(ReadStoreQueryError);
        await expect(products.count(query as Query)).rejects.toBeInstanceOf(ReadStoreQueryError);
        await expect(products.findPage(query as Query)).rejects.toBeInstanceOf(ReadStoreQueryError);
      });

      it('treats strings that look like operators as plain values', async () => {
        const products = await seeded([
          { id: 'a', name: '$ne' },
          { id: 'b', name: '{"$gt":""}' },
          { id: 'c', name: 'x' },
        ]);
        expect(ids(await products.find({ where: { name: '$ne' } }))).toEqual(['a']);
        expect(ids(await products.find({ where: { name: { $in: ['{"$gt":""}'] } } }))).toEqual(['b']);
      });

      it('refuses invalid collection names', () => {
        expect(() => store.collection('products; DROP')).toThrow(ReadStoreQueryError);
        expect(() => store.collection('_checkpoints')).toThrow(ReadStoreQueryError);
      });
    });

    describe('checkpoints', () => {
      it('returns null for an unknown checkpoint, then the position last set', async () => {
        const checkpoint = fresh('catalogue');
        expect(await store.getCheckpoint(checkpoint)).toBeNull();

        await store.setCheckpoint(checkpoint, '0007');
        expect(await store.getCheckpoint(checkpoint)).toBe('0007');

        await store.setCheckpoint(checkpoint, '0009');
        expect(await store.getCheckpoint(checkpoint)).toBe('0009');
      });

      it('lists every checkpoint with its position', async () => {
        const first = fresh('list_a');
        const second = fresh('list_b');
        await store.setCheckpoint(first, '0001');
        await store.setCheckpoint(second, '0002');

        const listed = await store.listCheckpoints();
        expect(listed).toEqual(
          expect.arrayContaining([
            { name: first, position: '0001' },
            { name: second, position: '0002' },
          ]),
        );
      });

      it('sets several checkpoints in one call, refusing a name given twice', async () => {
        const first = fresh('many_a');
        const second = fresh('many_b');
        await store.setCheckpoint(first, '0001');

        await store.setCheckpoints([
          { name: first, position: '0004' },
          { name: second, position: '0005' },
        ]);
        expect([await store.getCheckpoint(first), await store.getCheckpoint(second)]).toEqual(['0004', '0005']);

        await expect(
          store.setCheckpoints([
            { name: first, position: '0006' },
            { name: first, position: '0007' },
          ]),
        ).rejects.toThrow(ReadStoreQueryError);
        expect(await store.getCheckpoint(first)).toBe('0004');
      });
    });

    describe('transactions', () => {
      it('commits documents and checkpoints together, invisible to others until then', async () => {
        const name = fresh('products');
        const checkpoint = fresh('projector');
        // Both collections exist before the transaction, so the outside reads below meet no uncommitted
        // collection creation (MongoDB creates collections on first write, inside the transaction).
        await store.collection<Product>(name).upsert(product('existing', '0001'));
        await store.setCheckpoint(fresh('projector'), '0001');

        const result = await store.transaction(async (session) => {
          await session.collection<Product>(name).upsert(product('p1', '0003', { name: 'In transaction' }));
          await session.setCheckpoint(checkpoint, '0003');
          expect(await session.collection<Product>(name).get('p1')).toEqual(
            product('p1', '0003', { name: 'In transaction' }),
          );
          expect(await session.getCheckpoint(checkpoint)).toBe('0003');
          expect(await store.collection<Product>(name).get('p1')).toBeNull();
          expect(await store.getCheckpoint(checkpoint)).toBeNull();
          return 'done';
        });

        expect(result).toBe('done');
        expect(await store.collection<Product>(name).get('p1')).toEqual(
          product('p1', '0003', { name: 'In transaction' }),
        );
        expect(await store.getCheckpoint(checkpoint)).toBe('0003');
      });

      it('rolls documents, deletes and checkpoints back together when the work throws', async () => {
        const name = fresh('products');
        const checkpoint = fresh('projector');
        const products = store.collection<Product>(name);
        await products.upsert(product('kept', '0001', { name: 'Before' }));
        await store.setCheckpoint(checkpoint, '0001');

        await expect(
          store.transaction(async (session) => {
            const inSession = session.collection<Product>(name);
            await inSession.upsert(product('new', '0002'));
            await inSession.upsert(product('kept', '0002', { name: 'Changed' }));
            await inSession.delete('kept', '0003');
            await session.setCheckpoint(checkpoint, '0003');
            throw new Error('projection failed');
          }),
        ).rejects.toThrow('projection failed');

        expect(await products.get('new')).toBeNull();
        expect(await products.get('kept')).toEqual(product('kept', '0001', { name: 'Before' }));
        expect(await store.getCheckpoint(checkpoint)).toBe('0001');
      });

      it('refuses a session used after its transaction ended', async () => {
        const name = fresh('products');
        const leaked = await store.transaction(async (session) => session);

        await expect(leaked.collection<Product>(name).upsert(product('p1', '0001'))).rejects.toThrow(/ended/);
        expect(await store.collection<Product>(name).get('p1')).toBeNull();
      });
    });

    describe('getMany', () => {
      it('answers the documents of the ids given, by id, leaving out unknown and deleted ones', async () => {
        const products = store.collection<Product>(fresh('products'));
        await products.upsert(product('a', '0001', { name: 'A' }));
        await products.upsert(product('b', '0001', { name: 'B' }));
        await products.upsert(product('gone', '0001'));
        await products.delete('gone', '0002');

        const found = await products.getMany(['a', 'b', 'a', 'gone', 'never']);

        expect(found).toEqual(
          new Map([
            ['a', product('a', '0001', { name: 'A' })],
            ['b', product('b', '0001', { name: 'B' })],
          ]),
        );
        expect(await products.getMany([])).toEqual(new Map());
        await expect(products.getMany([''])).rejects.toThrow(ReadStoreQueryError);
      });
    });

    describe('getAcross', () => {
      it('answers the documents of several collections at once, by collection and id, leaving out unknown and deleted ones', async () => {
        const first = fresh('products');
        const second = fresh('products');
        const neverWritten = fresh('products');
        await store.collection<Product>(first).upsert(product('a', '0001', { name: 'A' }));
        await store.collection<Product>(first).upsert(product('gone', '0001'));
        await store.collection<Product>(first).delete('gone', '0002');
        await store.collection<Product>(second).upsert(product('b', '0001', { name: 'B' }));

        const found = await store.getAcross([
          { collection: first, ids: ['a', 'gone'] },
          { collection: second, ids: ['b', 'never'] },
          { collection: first, ids: ['a', 'never'] },
          { collection: neverWritten, ids: ['x'] },
        ]);

        expect(found).toEqual({
          documents: new Map([
            [first, new Map([['a', product('a', '0001', { name: 'A' })]])],
            [second, new Map([['b', product('b', '0001', { name: 'B' })]])],
            [neverWritten, new Map()],
          ]),
          checkpoints: new Map(),
        });
        expect(await store.getAcross([])).toEqual({ documents: new Map(), checkpoints: new Map() });
        await expect(store.getAcross([{ collection: first, ids: [''] }])).rejects.toThrow(ReadStoreQueryError);
        await expect(store.getAcross([{ collection: 'bad name!', ids: ['a'] }])).rejects.toThrow(ReadStoreQueryError);
      });

      it('reads the checkpoints named with the documents, null for one never set', async () => {
        const name = fresh('products');
        const set = fresh('projector');
        const unknown = fresh('projector');
        await store.collection<Product>(name).upsert(product('a', '0001'));
        await store.setCheckpoint(set, '0007');

        expect(await store.getAcross([{ collection: name, ids: ['a'] }], [set, unknown, set])).toEqual({
          documents: new Map([[name, new Map([['a', product('a', '0001')]])]]),
          checkpoints: new Map([
            [set, '0007'],
            [unknown, null],
          ]),
        });
        expect(await store.getAcross([], [set])).toEqual({
          documents: new Map(),
          checkpoints: new Map([[set, '0007']]),
        });
        await expect(store.getAcross([], [''])).rejects.toThrow(ReadStoreQueryError);
      });
    });

    describe('writeAcross', () => {
      it('writes several collections and moves checkpoints in one call, each write under its position guard', async () => {
        const first = fresh('products');
        const second = fresh('products');
        const checkpoint = fresh('projector');
        await store.collection<Product>(first).upsert(product('kept', '0005', { name: 'Newer' }));
        await store.collection<Product>(second).upsert(product('old', '0001'));

        await store.writeAcross(
          [
            {
              collection: first,
              writes: [{ upsert: product('kept', '0003', { name: 'Stale' }) }, { upsert: product('new', '0003') }],
            },
            { collection: second, writes: [{ delete: 'old', position: '0003' }] },
            { collection: first, writes: [{ upsert: product('new', '0004', { name: 'Later' }) }] },
          ],
          [{ name: checkpoint, position: '0004' }],
        );

        expect(await store.collection<Product>(first).get('kept')).toEqual(product('kept', '0005', { name: 'Newer' }));
        expect(await store.collection<Product>(first).get('new')).toEqual(product('new', '0004', { name: 'Later' }));
        expect(await store.collection<Product>(second).get('old')).toBeNull();
        // The delete left a tombstone: an older upsert does not bring the document back.
        expect(await store.collection<Product>(second).upsert(product('old', '0002'))).toBe(false);
        expect(await store.getCheckpoint(checkpoint)).toBe('0004');
        await store.writeAcross([], []);
        await store.writeAcross([{ collection: first, writes: [] }], []);
        expect(await store.collection<Product>(first).count()).toBe(2);
      });

      it('writes when the checkpoints it expects are as expected (null: never set), and says so', async () => {
        const name = fresh('products');
        const checkpoint = fresh('projector');
        const neverSet = fresh('projector');
        await store.setCheckpoint(checkpoint, '0001');

        const written = await store.writeAcross(
          [{ collection: name, writes: [{ upsert: product('p1', '0002') }] }],
          [{ name: checkpoint, position: '0002' }],
          new Map([
            [checkpoint, '0001'],
            [neverSet, null],
          ]),
        );

        expect(written).toBe(true);
        expect(await store.collection<Product>(name).get('p1')).toEqual(product('p1', '0002'));
        expect(await store.getCheckpoint(checkpoint)).toBe('0002');
      });

      it('writes nothing, and says so, when a checkpoint it expects has moved or been set since', async () => {
        const name = fresh('products');
        const checkpoint = fresh('projector');
        const other = fresh('projector');
        await store.collection<Product>(name).upsert(product('kept', '0001', { name: 'Before' }));
        await store.setCheckpoint(checkpoint, '0003');
        await store.setCheckpoint(other, '0001');
        const writes = [
          {
            collection: name,
            writes: [{ upsert: product('kept', '0004', { name: 'After' }) }, { upsert: product('new', '0004') }],
          },
        ];

        expect(
          await store.writeAcross(
            writes,
            [{ name: checkpoint, position: '0004' }],
            new Map([
              [checkpoint, '0002'],
              [other, '0001'],
            ]),
          ),
        ).toBe(false);
        expect(
          await store.writeAcross(writes, [{ name: checkpoint, position: '0004' }], new Map([[other, null]])),
        ).toBe(false);

        expect(await store.collection<Product>(name).get('kept')).toEqual(product('kept', '0001', { name: 'Before' }));
        expect(await store.collection<Product>(name).get('new')).toBeNull();
        expect(await store.getCheckpoint(checkpoint)).toBe('0003');
      });

      it('waits for a transaction writing a checkpoint it expects, then compares with what that transaction wrote', async () => {
        const name = fresh('products');
        const checkpoint = fresh('projector');
        await store.collection<Product>(name).upsert(product('existing', '0001'));
        await store.setCheckpoint(checkpoint, '0001');
        let guarded: Promise<boolean> | undefined;

        await store.transaction(async (session) => {
          // Written as it is: the transaction holds it from here on (a rebuild's swap starts so).
          await session.setCheckpoint(checkpoint, '0001');
          guarded = store.writeAcross(
            [{ collection: name, writes: [{ upsert: product('p1', '0002') }] }],
            [{ name: checkpoint, position: '0002' }],
            new Map([[checkpoint, '0001']]),
          );
          // Time for the guarded write to compare, were it not held off.
          await new Promise((resolve) => setTimeout(resolve, 200));
          await session.setCheckpoint(checkpoint, '0005');
        });

        expect(await guarded).toBe(false);
        expect(await store.collection<Product>(name).get('p1')).toBeNull();
        expect(await store.getCheckpoint(checkpoint)).toBe('0005');
      });

      it('joins a transaction: rolled back with it', async () => {
        const name = fresh('products');
        const checkpoint = fresh('projector');
        await store.collection<Product>(name).upsert(product('existing', '0001'));
        await store.setCheckpoint(checkpoint, '0001');

        await expect(
          store.transaction(async (session) => {
            await session.writeAcross(
              [{ collection: name, writes: [{ upsert: product('p1', '0002') }] }],
              [{ name: checkpoint, position: '0002' }],
            );
            throw new Error('projection failed');
          }),
        ).rejects.toThrow('projection failed');

        expect(await store.collection<Product>(name).get('p1')).toBeNull();
        expect(await store.getCheckpoint(checkpoint)).toBe('0001');
      });

      it('refuses a malformed write or a checkpoint named twice before writing anything', async () => {
        const name = fresh('products');
        const checkpoint = fresh('projector');
        const valid = { collection: name, writes: [{ upsert: product('p1', '0002') }] };

        await expect(
          store.writeAcross(
            [valid, { collection: name, writes: [{ upsert: { name: 'no id' } as unknown as Product }] }],
            [],
          ),
        ).rejects.toThrow(ReadStoreQueryError);
        await expect(
          store.writeAcross(
            [valid],
            [
              { name: checkpoint, position: '0002' },
              { name: checkpoint, position: '0003' },
            ],
          ),
        ).rejects.toThrow(ReadStoreQueryError);

        await expect(
          store.writeAcross([valid], [], { [checkpoint]: '0001' } as unknown as Map<string, string>),
        ).rejects.toThrow(ReadStoreQueryError);
        await expect(store.writeAcross([valid], [], new Map([[checkpoint, 7 as unknown as string]]))).rejects.toThrow(
          ReadStoreQueryError,
        );

        expect(await store.collection<Product>(name).get('p1')).toBeNull();
        expect(await store.getCheckpoint(checkpoint)).toBeNull();
      });
    });

    describe('dropCollection', () => {
      it('removes that collection with its tombstones and nothing else', async () => {
        const droppedName = fresh('products');
        const dropped = store.collection<Product>(droppedName);
        const kept = store.collection<Product>(fresh('products'));
        const checkpoint = fresh('projector');
        await dropped.upsert(product('p1', '0005'));
        await dropped.delete('p2', '0005');
        await kept.upsert(product('p1', '0005'));
        await store.setCheckpoint(checkpoint, '0005');

        await store.dropCollection(droppedName);
        await store.dropCollection(fresh('never_written'));

        expect(await dropped.count()).toBe(0);
        expect(await dropped.get('p1')).toBeNull();
        expect(await dropped.upsert(product('p2', '0001'))).toBe(true);
        expect(await kept.get('p1')).toEqual(product('p1', '0005'));
        expect(await store.getCheckpoint(checkpoint)).toBe('0005');
      });
    });

    describe('analyzeCollection', () => {
      it('changes no document, on a collection filled or never written', async () => {
        const name = fresh('products');
        const products = store.collection<Product>(name);
        await products.upsert(product('p1', '0005'));
        await products.delete('p2', '0005');

        await store.analyzeCollection(name);
        await store.analyzeCollection(fresh('never_written'));
        expect(await products.find()).toEqual([product('p1', '0005')]);
        expect(await products.upsert(product('p2', '0001'))).toBe(false);
      });
    });

    describe('writeMany', () => {
      it('upserts and deletes in one call, each under the position guard, and counts what it wrote', async () => {
        const products = store.collection<Product>(fresh('products'));
        await products.upsert(product('current', '0005', { name: 'Current' }));
        await products.upsert(product('gone', '0001', { name: 'Gone' }));
        await products.delete('tombstone', '0005');

        const written = await products.writeMany([
          { upsert: product('new', '0003', { name: 'New', price: 2 }) },
          { upsert: product('current', '0004', { name: 'Stale' }) },
          { delete: 'gone', position: '0002' },
          { upsert: product('tombstone', '0005', { name: 'Redelivered' }) },
          { delete: 'never-seen', position: '0007' },
        ]);

        expect(written).toBe(3);
        expect(await products.find()).toEqual([
          product('current', '0005', { name: 'Current' }),
          product('new', '0003', { name: 'New', price: 2 }),
        ]);
        expect(await products.upsert(product('never-seen', '0006'))).toBe(false);
        expect(await products.writeMany([])).toBe(0);
      });

      it('keeps the write with the highest position when an id appears twice', async () => {
        const products = store.collection<Product>(fresh('products'));

        await products.writeMany([
          { upsert: product('p1', '0002', { name: 'Later' }) },
          { upsert: product('p1', '0001', { name: 'Earlier' }) },
        ]);
        await products.writeMany([{ upsert: product('p2', '0001') }, { delete: 'p2', position: '0002' }]);

        expect(await products.find()).toEqual([product('p1', '0002', { name: 'Later' })]);
      });

      it('keeps text of every width as it was written (multi-byte characters, quotes, backslashes)', async () => {
        const products = store.collection<Product>(fresh('products'));
        const name = 'Pipette tips 10 µL — 4 °C × 96 🧪 "sterile" \\ rack';
        await products.writeMany([{ upsert: product('p1', '0001', { name }) }]);
        expect((await products.get('p1'))?.name).toBe(name);
        expect(await products.find({ where: { name } })).toHaveLength(1);
      });

      it('joins a transaction: rolled back with it', async () => {
        const name = fresh('products');
        await expect(
          store.transaction(async (session) => {
            await session.collection<Product>(name).writeMany([{ upsert: product('p1', '0001') }]);
            throw new Error('rebuild failed');
          }),
        ).rejects.toThrow('rebuild failed');
        expect(await store.collection(name).count()).toBe(0);
      });

      it('refuses a malformed write before writing anything', async () => {
        const products = store.collection<Product>(fresh('products'));
        const writes = [{ upsert: product('p1', '0001') }, { upsert: { id: 'p2' } as Product }];

        await expect(products.writeMany(writes)).rejects.toThrow(ReadStoreQueryError);
        await expect(products.writeMany([{ delete: '', position: '0001' }])).rejects.toThrow(ReadStoreQueryError);
        expect(await products.count()).toBe(0);
      });
    });

    describe('insertMany', () => {
      it('writes documents the collection never held, found by id, by field and in count, and counts them', async () => {
        const products = store.collection<Product>(fresh('products'));
        const name = 'Pipette tips 10 µL — 4 °C × 96 🧪 "sterile" \\ rack';

        expect(await products.insertMany([product('p2', '0002', { name }), product('p1', '0001', { price: 7 })])).toBe(
          2,
        );

        expect(await products.get('p2')).toEqual(product('p2', '0002', { name }));
        expect(await products.find({ where: { price: 7 } })).toEqual([product('p1', '0001', { price: 7 })]);
        expect(await products.count()).toBe(2);
        expect(await products.insertMany([])).toBe(0);
      });

      it('keeps the position guard of later writes: an older upsert does not replace an inserted document', async () => {
        const products = store.collection<Product>(fresh('products'));
        await products.insertMany([product('p1', '0005', { name: 'Inserted' })]);

        expect(await products.upsert(product('p1', '0004', { name: 'Stale' }))).toBe(false);
        expect(await products.writeMany([{ upsert: product('p1', '0006', { name: 'Newer' }) }])).toBe(1);
        expect((await products.get('p1'))?.name).toBe('Newer');
      });

      it('fails on an id the collection holds, a tombstone included, or one given twice', async () => {
        const products = store.collection<Product>(fresh('products'));
        await products.upsert(product('held', '0001', { name: 'Held' }));
        await products.delete('deleted', '0001');

        await expect(products.insertMany([product('held', '0002', { name: 'Again' })])).rejects.toThrow();
        await expect(products.insertMany([product('deleted', '0002')])).rejects.toThrow();
        await expect(products.insertMany([product('twice', '0002'), product('twice', '0003')])).rejects.toThrow();
        expect(await products.get('held')).toEqual(product('held', '0001', { name: 'Held' }));
        expect(await products.get('deleted')).toBeNull();
      });

      it('refuses a malformed document before writing anything', async () => {
        const products = store.collection<Product>(fresh('products'));

        await expect(products.insertMany([product('p1', '0001'), { id: 'p2' } as Product])).rejects.toThrow(
          ReadStoreQueryError,
        );
        await expect(products.insertMany([{ ...product('p3', '0001'), id: '' }])).rejects.toThrow(ReadStoreQueryError);
        expect(await products.count()).toBe(0);
      });

      it('joins a transaction: rolled back with it', async () => {
        const name = fresh('products');
        await expect(
          store.transaction(async (session) => {
            await session.collection<Product>(name).insertMany([product('p1', '0001')]);
            throw new Error('rebuild failed');
          }),
        ).rejects.toThrow('rebuild failed');
        expect(await store.collection(name).count()).toBe(0);
      });
    });

    describe('indexFields', () => {
      it('may be asked again, before and after documents are written', async () => {
        const name = fresh('products');
        await store.indexFields(name, ['name', 'stock.warehouse.aisle']);
        await store
          .collection<Product>(name)
          .upsert(product('p1', '0001', { name: 'Ethanol', stock: { warehouse: { quantity: 1, aisle: 'A1' } } }));
        await store.indexFields(name, ['stock.warehouse.aisle', 'price']);
        expect(
          ids(
            await store.collection<Product>(name).find({ where: { 'stock.warehouse.aisle': 'A1', name: 'Ethanol' } }),
          ),
        ).toEqual(['p1']);
      });

      it('indexes a collection swapped in, and a new one of the swapped-out name, afresh', async () => {
        const source = fresh('rebuilt');
        const target = fresh('live');
        await store.indexFields(target, ['name']);
        await store.indexFields(source, ['name']);
        await store.collection<Product>(source).upsert(product('p1', '0001', { name: 'Rebuilt' }));
        await store.renameCollection(source, target);
        await store.indexFields(target, ['name']);
        await store.indexFields(source, ['name']);
        await store.collection<Product>(source).upsert(product('p2', '0001', { name: 'Rebuilt' }));
        expect(ids(await store.collection<Product>(target).find({ where: { name: 'Rebuilt' } }))).toEqual(['p1']);
        expect(ids(await store.collection<Product>(source).find({ where: { name: 'Rebuilt' } }))).toEqual(['p2']);
      });

      it('refuses invalid field paths and collection names', async () => {
        await expect(store.indexFields(fresh('products'), ['name; DROP TABLE x'])).rejects.toThrow(ReadStoreQueryError);
        await expect(store.indexFields(fresh('products'), ['stock..aisle'])).rejects.toThrow(ReadStoreQueryError);
        await expect(store.indexFields('bad name', ['name'])).rejects.toThrow(ReadStoreQueryError);
      });
    });

    describe('renameCollection', () => {
      it('replaces the target by the source, tombstones included, and leaves the source empty', async () => {
        const source = fresh('rebuilt');
        const target = fresh('live');
        const other = store.collection<Product>(fresh('products'));
        const checkpoint = fresh('projector');
        await store
          .collection<Product>(target)
          .writeMany([
            { upsert: product('old', '0001', { name: 'Old' }) },
            { upsert: product('p1', '0001', { name: 'Stale' }) },
          ]);
        await store
          .collection<Product>(source)
          .writeMany([{ upsert: product('p1', '0003', { name: 'Rebuilt' }) }, { delete: 'p2', position: '0004' }]);
        await other.upsert(product('p1', '0001'));
        await store.setCheckpoint(checkpoint, '0001');

        await store.renameCollection(source, target);

        const live = store.collection<Product>(target);
        expect(await live.find()).toEqual([product('p1', '0003', { name: 'Rebuilt' })]);
        expect(await live.upsert(product('p2', '0004'))).toBe(false);
        expect(await live.upsert(product('p1', '0002', { name: 'Older than the rebuild' }))).toBe(false);
        expect(await store.collection(source).count()).toBe(0);
        expect(await store.collection(source).upsert(product('p1', '0001'))).toBe(true);
        expect(await other.get('p1')).toEqual(product('p1', '0001'));
        expect(await store.getCheckpoint(checkpoint)).toBe('0001');
      });

      it('empties the target when the source was never written', async () => {
        const target = fresh('live');
        await store.collection<Product>(target).upsert(product('p1', '0001'));

        await store.renameCollection(fresh('never_written'), fresh('also_never_written'));
        await store.renameCollection(fresh('never_written'), target);

        expect(await store.collection(target).count()).toBe(0);
        expect(await store.collection<Product>(target).upsert(product('p1', '0001'))).toBe(true);
      });

      it('is atomic for readers: each read sees the whole old collection or the whole new one', async () => {
        const source = fresh('rebuilt');
        const target = fresh('live');
        const docs = (name: string) =>
          Array.from({ length: 400 }, (_, i) => ({
            upsert: product(`p${String(i).padStart(3, '0')}`, '0001', { name }),
          }));
        await store.collection<Product>(target).writeMany(docs('old'));
        await store.collection<Product>(source).writeMany(docs('new').slice(0, 300));

        const seen = new Set<string>();
        let renamed = false;
        const reader = (async () => {
          while (!renamed) {
            const found = await store.collection<Product>(target).find();
            seen.add(`${found.length}:${[...new Set(found.map((doc) => doc.name))].join(',')}`);
          }
        })();
        await new Promise((resolve) => setTimeout(resolve, 20));
        await store.renameCollection(source, target);
        renamed = true;
        await reader;
        seen.add(`${(await store.collection<Product>(target).find()).length}:new`);

        expect([...seen].sort()).toEqual(['300:new', '400:old']);
      });

      it('refuses invalid collection names', async () => {
        await expect(store.renameCollection('bad name', fresh('live'))).rejects.toThrow(ReadStoreQueryError);
        await expect(store.renameCollection(fresh('rebuilt'), '$cmd')).rejects.toThrow(ReadStoreQueryError);
      });
    });
  });
}
