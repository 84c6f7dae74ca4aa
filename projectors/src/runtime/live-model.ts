import { START, type Position, type RecordedEvent } from '@labshop/platform/event-store/port';
import type {
  Collection,
  CollectionWrites,
  DocumentWrite,
  ReadStoreSession,
  StoredDocument,
} from '@labshop/platform/read-store/port';
import type { Projection } from '@labshop/platform/read-store/projection';
import { ModelBuilder } from '../rebuild/model-builder.ts';
import { checkpointName, lastChangeName, physicalCollection } from '@labshop/platform/read-store/generations';

/** Documents each model keeps in memory between batches (the oldest unchanged ones go first). */
export const DOCUMENT_CACHE_SIZE = 20_000;

/**
 * One projection version as the projection runner keeps it: its checkpoint as last committed, and its documents
 * folded by the rebuild's `ModelBuilder` (the same fold, skip rule and `_position` stamping), which stays as a cache
 * across batches. The cache holds what the store holds, because the runner is the only writer of a live model: a
 * checkpoint found moved by someone else (a rebuild's swap) drops it, and so does a batch that was rolled back.
 */
export class LiveModel {
  readonly checkpointKey: string;
  readonly lastChangeKey: string;
  readonly collectionName: string;
  /** Where the model has got, as committed (or as read when the runner opened). */
  checkpoint: Position = START;
  private builder: ModelBuilder;

  constructor(
    readonly projection: Projection,
    readonly cacheSize = DOCUMENT_CACHE_SIZE,
  ) {
    this.checkpointKey = checkpointName(projection.name, projection.version);
    this.lastChangeKey = lastChangeName(projection.name, projection.version);
    this.collectionName = physicalCollection(projection.name, projection.version);
    this.builder = this.newBuilder();
  }

  get name(): string {
    return this.projection.name;
  }

  get version(): number {
    return this.projection.version;
  }

  /** Forgets the cached documents (after a rollback, or when the store's model was replaced). */
  reset(): void {
    this.builder = this.newBuilder();
  }

  /**
   * Takes the checkpoint the store holds: when it is not the one this model committed, another writer replaced the
   * model (a rebuild's swap, or a checkpoint reset), so the cache goes. Answers whether it went.
   */
  adopt(stored: Position | null): boolean {
    const position = stored ?? START;
    if (position === this.checkpoint) return false;
    this.checkpoint = position;
    this.reset();
    return true;
  }

  /** The events of a batch past the checkpoint. */
  eventsPast(events: readonly RecordedEvent[]): readonly RecordedEvent[] {
    const first = events[0];
    return first && first.position > this.checkpoint
      ? events
      : events.filter((event) => event.position > this.checkpoint);
  }

  /** The documents these events name that are not in memory: the batch reads them for every model at once. */
  unread(events: readonly RecordedEvent[]): string[] {
    return this.builder.unread(events);
  }

  /**
   * Folds `events` (past the checkpoint, at least one) into the model, `read` being what the store held for the ids
   * `unread` named; a lookup it still needs goes to `session`. Answers the changed documents' writes and what the
   * checkpoints become: the caller writes them with every model's (one `writeAcross`) and, once committed, calls
   * `committed`.
   */
  async fold(
    session: ReadStoreSession,
    events: readonly RecordedEvent[],
    read: { ids: readonly string[]; found: ReadonlyMap<string, StoredDocument> },
    storeFailed: () => void,
  ): Promise<FoldedBatch> {
    const changedBefore = this.builder.lastChange;
    this.builder.useCollection(reportingFailures(session.collection<StoredDocument>(this.collectionName), storeFailed));
    this.builder.adoptRead(read.ids, read.found);
    await this.builder.apply(events);
    // A live collection may hold any document (`existing`): every change is a guarded write.
    const { inserts, writes } = this.builder.takeChanges();
    const changed = this.builder.lastChange;
    return {
      pending: {
        model: this,
        checkpoint: events.at(-1)!.position,
        lastChange: changed !== changedBefore ? changed : null,
      },
      writes: {
        collection: this.collectionName,
        writes: [...inserts.map((document): DocumentWrite => ({ upsert: document })), ...writes],
      },
    };
  }

  /** The batch's writes are stored. */
  committed(batch: PendingBatch): void {
    this.checkpoint = batch.checkpoint;
    this.builder.trim(this.cacheSize);
  }

  private newBuilder(): ModelBuilder {
    return new ModelBuilder(this.projection, NOT_IN_A_BATCH, 'existing');
  }
}

export interface FoldedBatch {
  pending: PendingBatch;
  writes: CollectionWrites;
}

export interface PendingBatch {
  model: LiveModel;
  checkpoint: Position;
  /** The position of the last event of the batch that changed a document, if one did. */
  lastChange: Position | null;
}

/** The checkpoints a batch's models move to, for one `setCheckpoints`. */
export function checkpointWrites(batches: readonly PendingBatch[]): { name: string; position: Position }[] {
  return batches.flatMap(({ model, checkpoint, lastChange }) => [
    { name: model.checkpointKey, position: checkpoint },
    ...(lastChange ? [{ name: model.lastChangeKey, position: lastChange }] : []),
  ]);
}

/** A collection whose failures are reported before they are thrown: a failed statement ends a PostgreSQL transaction. */
function reportingFailures(collection: Collection, storeFailed: () => void): Collection {
  const reported = <T>(work: Promise<T>) =>
    work.catch((error: unknown) => {
      storeFailed();
      throw error;
    });
  return {
    get: (id) => reported(collection.get(id)),
    getMany: (ids) => reported(collection.getMany(ids)),
    find: (query) => reported(collection.find(query)),
    count: (query) => reported(collection.count(query)),
    findPage: (query) => reported(collection.findPage(query)),
    upsert: (document) => reported(collection.upsert(document)),
    delete: (id, position) => reported(collection.delete(id, position)),
    writeMany: (writes) => reported(collection.writeMany(writes)),
    insertMany: (documents) => reported(collection.insertMany(documents)),
  };
}

const outsideBatch = () => Promise.reject(new Error('A live model reads and writes only inside a batch'));
const NOT_IN_A_BATCH: Collection = {
  get: outsideBatch,
  getMany: outsideBatch,
  find: outsideBatch,
  count: outsideBatch,
  findPage: outsideBatch,
  upsert: outsideBatch,
  delete: outsideBatch,
  writeMany: outsideBatch,
  insertMany: outsideBatch,
};
