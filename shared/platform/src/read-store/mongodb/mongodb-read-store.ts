import {
  MongoClient,
  MongoServerError,
  type ClientSession,
  type Collection as MongoCollection,
  type Db,
  type Document,
} from 'mongodb';
import type { Position } from '../../event-store/port.ts';
import type { Collection, Query, ReadStore, ReadStoreSession, StoredDocument } from '../port.ts';
import {
  ReadStoreQueryError,
  toStoredJson,
  validateCheckpointName,
  validateCheckpoints,
  validateCollectionIds,
  validateCollectionName,
  validateCollectionWrites,
  validateExpectedCheckpoints,
  validateFieldPath,
  validateId,
  validateIds,
  validatePosition,
  validateQuery,
  validateWrites,
  type ValidatedWrite,
} from '../query.ts';
import { mongoFilter, mongoSort } from './mongo-filter.ts';

export type MongoReadStoreOptions = { database: string } & (
  | { url: string }
  /** A client owned by the caller: `close()` leaves it connected. */
  | { client: MongoClient }
);

/** Collection names start with a letter, so this one can never collide with a read-store collection. */
const CHECKPOINTS = '_read_store_checkpoints';
const HIDDEN_FIELDS = { _id: 0, _deleted: 0 } as const;
const DUPLICATE_KEY = 11000;
const NAMESPACE_NOT_FOUND = 26;

/** A read-store document as MongoDB holds it. */
interface MongoDocument {
  _id: string;
  _deleted: boolean;
  [field: string]: unknown;
}

/**
 * One MongoDB collection per read-store collection, `_id` = id, `_deleted` marking tombstones.
 * Transactions need a replica set (or mongos); on a standalone server `transaction` runs the work
 * without one, as the port allows.
 */
export async function createMongoReadStore(options: MongoReadStoreOptions): Promise<ReadStore> {
  const ownsClient = !('client' in options);
  const client = 'client' in options ? options.client : new MongoClient(options.url);
  try {
    if (ownsClient) await client.connect();
    const db = client.db(options.database);
    const hello = await db.admin().command({ hello: 1 });
    const supportsTransactions = typeof hello.setName === 'string' || hello.msg === 'isdbgrid';
    return storeOver(client, db, ownsClient, supportsTransactions);
  } catch (error) {
    if (ownsClient) await client.close();
    throw error;
  }
}

function storeOver(client: MongoClient, db: Db, ownsClient: boolean, supportsTransactions: boolean): ReadStore {
  const plainSession = sessionOver(db, undefined);
  async function dropCollection(name: string) {
    try {
      await db.collection(validateCollectionName(name)).drop();
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND)) throw error;
    }
  }
  const store: ReadStore = {
    ...plainSession.session,
    // A guarded write checks and writes in a transaction of its own, which the port promises atomic.
    writeAcross: (writes, checkpoints, expected) =>
      expected === undefined
        ? plainSession.session.writeAcross(writes, checkpoints)
        : store.transaction((session) => session.writeAcross(writes, checkpoints, expected)),
    async transaction(work) {
      if (!supportsTransactions) {
        const unguarded = sessionOver(db, undefined);
        try {
          return await work(unguarded.session);
        } finally {
          unguarded.end();
        }
      }
      const clientSession = client.startSession();
      // withTransaction re-runs `work` on transient errors; redelivery-safe work (the position guard) makes that harmless.
      let attempt: ReturnType<typeof sessionOver> | undefined;
      try {
        return await clientSession.withTransaction(
          () => {
            attempt?.end();
            attempt = sessionOver(db, clientSession);
            return work(attempt.session);
          },
          { readConcern: { level: 'snapshot' }, writeConcern: { w: 'majority' } },
        );
      } finally {
        attempt?.end();
        await clientSession.endSession();
      }
    },
    async indexFields(name, fields) {
      const collection = db.collection(validateCollectionName(name));
      // createIndex is a no-op for an index that exists (and creates the collection if need be).
      for (const field of fields) await collection.createIndex({ [validateFieldPath(field).join('.')]: 1 });
    },
    async analyzeCollection(name) {
      validateCollectionName(name); // MongoDB plans from its indexes as they are: nothing to gather
    },
    dropCollection,
    async renameCollection(source, target) {
      const from = validateCollectionName(source);
      const to = validateCollectionName(target);
      if (from === to) return;
      try {
        // Atomic for readers: the target is dropped and the source takes its name in one catalogue change.
        await db.renameCollection(from, to, { dropTarget: true });
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND)) throw error;
        // Nothing was ever written to the source: the target ends up empty, as the port says.
        await dropCollection(to);
      }
    },
    async listCheckpoints() {
      const checkpoints = await db
        .collection<{ _id: string; position: Position }>(CHECKPOINTS)
        .find({})
        .sort({ _id: 1 })
        .toArray();
      return checkpoints.map(({ _id, position }) => ({ name: _id, position }));
    },
    async close() {
      plainSession.end();
      if (ownsClient) await client.close();
    },
  };
  return store;
}

/** `end()` makes later calls throw, so a session kept past its transaction cannot act outside it. */
function sessionOver(db: Db, clientSession: ClientSession | undefined): { session: ReadStoreSession; end(): void } {
  let ended = false;
  const open = (): Db => {
    if (ended) throw new Error('This read-store session has ended (its transaction finished or the store was closed)');
    return db;
  };
  const options = clientSession ? { session: clientSession } : {};
  async function setCheckpoints(checkpoints: readonly { name: string; position: Position }[]) {
    const valid = validateCheckpoints(checkpoints);
    if (valid.length === 0) return;
    const updatedAt = new Date();
    await open()
      .collection<{ _id: string; position: Position; updatedAt: Date }>(CHECKPOINTS)
      .bulkWrite(
        valid.map(({ name, position }) => ({
          updateOne: { filter: { _id: name }, update: { $set: { position, updatedAt } }, upsert: true },
        })),
        { ordered: false, ...options },
      );
  }
  /** These checkpoints (each name checked, once), null for one never set. */
  async function readCheckpoints(names: readonly string[]): Promise<Map<string, Position | null>> {
    const valid = [...new Set(names.map(validateCheckpointName))];
    const read = new Map<string, Position | null>(valid.map((name) => [name, null]));
    if (valid.length === 0) return read;
    const stored = await open()
      .collection<{ _id: string; position: Position }>(CHECKPOINTS)
      .find({ _id: { $in: valid } }, options)
      .toArray();
    for (const { _id, position } of stored) read.set(_id, position);
    return read;
  }
  /** Reads these checkpoints and, inside a transaction, holds them until it ends. */
  async function holdCheckpoints(names: readonly string[]): Promise<Map<string, Position | null>> {
    // A write to each existing checkpoint: inside a transaction, another transaction writing one of them
    // meets a write conflict (one of the two is aborted and run again by withTransaction), as a row lock would.
    if (clientSession)
      await open()
        .collection<{ _id: string; heldAt?: Date }>(CHECKPOINTS)
        .updateMany({ _id: { $in: names.map(validateCheckpointName) } }, { $set: { heldAt: new Date() } }, options);
    return readCheckpoints(names);
  }
  return {
    end: () => {
      ended = true;
    },
    session: {
      collection: <D extends StoredDocument>(name: string) =>
        collectionOver<D>(open, validateCollectionName(name), clientSession),
      async getCheckpoint(name) {
        const checkpoint = await open()
          .collection<{ _id: string; position: Position }>(CHECKPOINTS)
          .findOne({ _id: { $eq: validateCheckpointName(name) } }, options);
        return checkpoint?.position ?? null;
      },
      async setCheckpoint(name, position) {
        await open()
          .collection<{ _id: string; position: Position; updatedAt: Date }>(CHECKPOINTS)
          .updateOne(
            { _id: validateCheckpointName(name) },
            { $set: { position: validatePosition(position), updatedAt: new Date() } },
            { upsert: true, ...options },
          );
      },
      setCheckpoints,
      async getAcross(wanted, checkpoints = []) {
        // One find per collection and one for the checkpoints: MongoDB has no read across collections in one round trip.
        const documents = new Map<string, Map<string, StoredDocument>>();
        for (const { collection, ids } of validateCollectionIds(wanted))
          documents.set(collection, await collectionOver(open, collection, clientSession).getMany(ids));
        const read = await readCheckpoints(checkpoints);
        return { documents, checkpoints: read };
      },
      async writeAcross(writes, checkpoints, expected) {
        // Checked first, then a bulk write per collection and one for the checkpoints (all or nothing inside
        // `transaction`, which the store's own writeAcross opens for a guarded call).
        const collections = validateCollectionWrites(writes);
        const moved = validateCheckpoints(checkpoints);
        if (expected !== undefined) {
          const guarded = validateExpectedCheckpoints(expected);
          const held = await holdCheckpoints(guarded.map(({ name }) => name));
          if (guarded.some(({ name, position }) => held.get(name) !== position)) return false;
        }
        for (const { collection, writes: valid } of collections)
          await writeIfNewerInBulk(open().collection<MongoDocument>(collection), valid, clientSession);
        await setCheckpoints(moved);
        return true;
      },
    },
  };
}

/**
 * The position guard as one atomic single-document update: replace the stored document only if
 * its `_position` is below the new one (a missing document has none, so it is inserted).
 * Filtering on `_position` instead would turn every stale write into a duplicate-key error on
 * upsert, and inside a transaction that error aborts the whole transaction (SERVER-34059).
 * `$literal` keeps document values from being read as aggregation expressions.
 */
const replaceIfNewer = (position: Position, replacement: MongoDocument) => [
  {
    $replaceWith: {
      $cond: { if: { $lt: ['$_position', { $literal: position }] }, then: { $literal: replacement }, else: '$$ROOT' },
    },
  },
];

/** Checked writes in one unordered bulk write, each under the position guard; answers how many were written. */
async function writeIfNewerInBulk(
  collection: MongoCollection<MongoDocument>,
  valid: readonly ValidatedWrite[],
  clientSession: ClientSession | undefined,
): Promise<number> {
  if (valid.length === 0) return 0;
  const operations = valid.map(({ id, position, json }) => {
    const replacement: MongoDocument =
      json === null
        ? { _id: id, id, _position: position, _deleted: true }
        : { ...(JSON.parse(json) as Document), _id: id, _deleted: false };
    return { updateOne: { filter: { _id: id }, update: replaceIfNewer(position, replacement), upsert: true } };
  });
  const result = await collection.bulkWrite(operations, {
    ordered: false,
    ...(clientSession && { session: clientSession }),
  });
  return result.modifiedCount + result.upsertedCount;
}

function collectionOver<D extends StoredDocument>(
  open: () => Db,
  name: string,
  clientSession: ClientSession | undefined,
): Collection<D> {
  const options = clientSession ? { session: clientSession } : {};
  const collection = () => open().collection<MongoDocument>(name);

  async function find(query?: Query) {
    const { predicates, text, sort, limit, skip } = validateQuery(query);
    // MongoDB reads limit 0 as "no limit".
    if (limit === 0) return [];
    const cursor = collection()
      .find(mongoFilter(predicates, text), { ...options, projection: HIDDEN_FIELDS })
      .sort(mongoSort(sort))
      .skip(skip);
    if (limit !== null) cursor.limit(limit);
    return (await cursor.toArray()) as unknown as D[];
  }

  async function count(query?: Omit<Query, 'sort' | 'limit' | 'skip'>) {
    const { predicates, text } = validateQuery(query);
    return collection().countDocuments(mongoFilter(predicates, text), options);
  }

  async function writeIfNewer(id: string, position: Position, replacement: MongoDocument): Promise<boolean> {
    const update = replaceIfNewer(position, replacement);
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await collection().updateOne({ _id: id }, update, { upsert: true, ...options });
        return result.modifiedCount === 1 || result.upsertedCount === 1;
      } catch (error) {
        // Two upserts racing to insert the same new id: the loser retries and now meets the winner's document.
        // The server usually retries this itself; inside a transaction the error has aborted it, so rethrow.
        const isInsertRace = error instanceof MongoServerError && error.code === DUPLICATE_KEY;
        if (!isInsertRace || clientSession?.inTransaction() || attempt === 3) throw error;
      }
    }
  }

  return {
    async get(id) {
      const doc = await collection().findOne(
        { _id: { $eq: validateId(id) }, _deleted: false },
        { ...options, projection: HIDDEN_FIELDS },
      );
      return doc as unknown as D | null;
    },

    async getMany(ids) {
      const valid = validateIds(ids);
      const found = new Map<string, D>();
      if (valid.length === 0) return found;
      const docs = await collection()
        .find({ _id: { $in: valid }, _deleted: false }, { ...options, projection: { _deleted: 0 } })
        .toArray();
      for (const { _id, ...doc } of docs) found.set(_id, doc as unknown as D);
      return found;
    },

    find,
    async findPage(query?: Query) {
      // Two commands: MongoDB's one-command way ($facet) would give up the page's index-ordered early stop.
      const [documents, total] = await Promise.all([find(query), count(query)]);
      return { documents, total };
    },

    count,

    async upsert(doc) {
      const { id, position, json } = toStoredJson(doc);
      const stored = JSON.parse(json) as Document;
      return writeIfNewer(id, position, { ...stored, _id: id, _deleted: false });
    },

    async delete(id, position) {
      const validId = validateId(id);
      const validPosition = validatePosition(position);
      return writeIfNewer(validId, validPosition, {
        _id: validId,
        id: validId,
        _position: validPosition,
        _deleted: true,
      });
    },

    async writeMany(writes) {
      return writeIfNewerInBulk(collection(), validateWrites(writes), clientSession);
    },

    async insertMany(documents) {
      if (!Array.isArray(documents)) throw new ReadStoreQueryError('insertMany needs an array of documents');
      if (documents.length === 0) return 0;
      const inserts = documents.map((document): MongoDocument => {
        const { id, json } = toStoredJson(document);
        return { ...(JSON.parse(json) as Document), _id: id, _deleted: false };
      });
      // In order: a held id stops it there (duplicate key), as the port allows.
      const result = await collection().insertMany(inserts, { ordered: true, ...options });
      return result.insertedCount;
    },
  };
}
