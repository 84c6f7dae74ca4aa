import type { Position, RecordedEvent } from '@labshop/platform/event-store/port';
import type { Collection, DocumentWrite, Query, StoredDocument } from '@labshop/platform/read-store/port';
import type { Projection, ProjectionDocuments } from '@labshop/platform/read-store/projection';
import { valueAt } from '@labshop/platform/read-store/value-at';

/** Documents per `insertMany` or `writeMany` call. */
const WRITE_CHUNK = 1_000;

interface Entry {
  document: StoredDocument | null;
  /** The position of the last event applied (a deleted document keeps it for its tombstone). */
  position: Position;
  /** Whether the collection may hold a row for it (a document or a tombstone): false until a fresh collection's first write of it. */
  held: boolean;
}

/**
 * Folds events through one projection into a collection: the one fold of the rebuild and of the live projection
 * runner (`LiveModel` keeps a builder per model across batches, its documents a cache). Every document it touches
 * stays in memory (the runner trims the oldest unchanged ones), and `flush()` writes the changed ones.
 *
 * - `fresh`: the collection starts empty and only this builder writes it, so a document it has not
 *   seen does not exist, nothing is read, routing lookups (`documents.get`, `documents.find` with
 *   equalities) are answered from memory, and a document's first write is an `insertMany` (later
 *   ones and tombstones are `writeMany`s).
 * - `existing`: documents are read on first use and lookups go to the store after a flush (the
 *   catch-up onto a live collection after a swap, a few events).
 */
export class ModelBuilder {
  private readonly entries = new Map<string, Entry>();
  /** Ids changed since they were last written, with the flush round of their last change. */
  private readonly dirty = new Map<string, number>();
  private round = 0;
  /** The writes of the flushes so far, in order. */
  private writing: Promise<unknown> = Promise.resolve();
  private changedAt: Position | null = null;
  private readonly documents: ProjectionDocuments;

  constructor(
    private readonly projection: Projection,
    private collection: Collection,
    private readonly mode: 'fresh' | 'existing',
  ) {
    this.documents = { get: async (id) => (await this.entryOf(id)).document, find: (query) => this.find(query) };
  }

  /**
   * Reads and writes through `collection` from now on (`existing` only): the projection runner keeps one builder per
   * model across batches, its documents as a cache, and hands it each batch's transaction.
   */
  useCollection(collection: Collection): void {
    this.collection = collection;
  }

  /**
   * The documents the events name by their own data (a `documentIds` that answers without a lookup) that are not in
   * memory yet (`existing` only; `fresh` reads nothing): what the projection runner reads, for every model in one
   * `getAcross`, and hands to `adoptRead` before `apply`. Routing that needs a lookup is left to `apply`, which sees
   * the batch's earlier events.
   */
  unread(events: readonly RecordedEvent[]): string[] {
    if (this.mode === 'fresh') return [];
    const missing = new Set<string>();
    for (const event of events) {
      const routed = this.projection.documentIds(event, NO_LOOKUPS);
      if (routed instanceof Promise) {
        routed.catch(() => undefined);
        continue;
      }
      for (const id of routed) if (!this.entries.has(id)) missing.add(id);
    }
    return [...missing];
  }

  /** Takes in what the store holds for `unread`'s ids: `found` by id, an id left out having no document. */
  adoptRead(ids: readonly string[], found: ReadonlyMap<string, StoredDocument>): void {
    for (const id of ids) if (!this.entries.has(id)) this.remember(id, found.get(id) ?? null);
  }

  /** Forgets the oldest documents beyond `max` that have no change waiting to be written (a cache's bound). */
  trim(max: number): void {
    for (const id of this.entries.keys()) {
      if (this.entries.size <= max) return;
      if (!this.dirty.has(id)) this.entries.delete(id);
    }
  }

  /** The position of the last event that changed a document, null if none did. */
  get lastChange(): Position | null {
    return this.changedAt;
  }

  /** The documents as they stand (deleted ones left out), by id. */
  *current(): Iterable<StoredDocument> {
    for (const entry of this.entries.values()) if (entry.document) yield entry.document;
  }

  async apply(events: readonly RecordedEvent[]): Promise<void> {
    // Awaits only what is a promise: most events are routed from their own data and most documents are in
    // memory, and a rebuild applies millions of them (an await per event and projection cost seconds).
    for (const event of events) {
      const routed = this.projection.documentIds(event, this.documents);
      const ids = routed instanceof Promise ? await routed : routed;
      if (ids.length === 0) continue;
      const entries: Entry[] = [];
      for (const id of ids) {
        const found = this.entryOf(id);
        entries.push(found instanceof Promise ? await found : found);
      }
      // Each document the event is routed to is projected beside the others as they stood before it.
      const before = (id: string) => entries[ids.indexOf(id)]?.document ?? null;
      const next: (StoredDocument | null | typeof ALREADY_PAST)[] = [];
      for (let index = 0; index < ids.length; index++) {
        const { document } = entries[index]!;
        next.push(
          document && document._position >= event.position
            ? ALREADY_PAST
            : (this.projection.project(document, event, ids[index]!, before) as StoredDocument | null),
        );
      }
      for (let index = 0; index < ids.length; index++) {
        const projected = next[index]!;
        if (projected === ALREADY_PAST) continue;
        const entry = entries[index]!;
        entry.document = projected && { ...projected, _position: event.position };
        entry.position = event.position;
        this.dirty.set(ids[index]!, this.round);
        this.changedAt = event.position;
      }
    }
  }

  /**
   * Writes the documents changed since they were last written; answers how many writes it sent. With
   * `settledOnly`, it leaves out those an event changed since the previous flush: a document still changing
   * (a day of sales, a cart being filled) is written once it settles, or by the last flush, not every time.
   * The changes are taken at the call, so `apply` may go on folding while they are written (documents are
   * replaced, never mutated); a lookup that needs the store waits for the writes.
   */
  flush({ settledOnly = false } = {}): Promise<number> {
    const { inserts, writes } = this.takeChanges({ settledOnly });
    const written = this.writing.then(async () => {
      for (let start = 0; start < inserts.length; start += WRITE_CHUNK)
        await this.collection.insertMany(inserts.slice(start, start + WRITE_CHUNK));
      for (let start = 0; start < writes.length; start += WRITE_CHUNK)
        await this.collection.writeMany(writes.slice(start, start + WRITE_CHUNK));
      return inserts.length + writes.length;
    });
    this.writing = written;
    return written;
  }

  /**
   * The documents changed since they were last taken, as they are to be written (`flush` writes them; the projection
   * runner writes every model's in one `writeAcross`): those the collection holds nothing for yet as inserts, the
   * others as `writeMany` writes. With `settledOnly`, see `flush`.
   */
  takeChanges({ settledOnly = false } = {}): { inserts: StoredDocument[]; writes: DocumentWrite[] } {
    const inserts: StoredDocument[] = [];
    const writes: DocumentWrite[] = [];
    const round = this.round++;
    for (const [id, changedIn] of this.dirty) {
      if (settledOnly && changedIn === round) continue;
      const entry = this.entries.get(id)!;
      if (entry.document && !entry.held) inserts.push(entry.document);
      else writes.push(entry.document ? { upsert: entry.document } : { delete: id, position: entry.position });
      entry.held = true;
      this.dirty.delete(id);
    }
    return { inserts, writes };
  }

  /** The id's entry: in memory, else (fresh) a new empty one, else (existing) read from the store. */
  private entryOf(id: string): Entry | Promise<Entry> {
    const entry = this.entries.get(id);
    if (entry) return entry;
    if (this.mode === 'fresh') return this.remember(id, null);
    return this.collection.get(id).then((stored) => this.remember(id, stored));
  }

  private remember(id: string, stored: StoredDocument | null): Entry {
    // A document a live collection does not hold may still have a tombstone there.
    const entry: Entry = { document: stored, position: stored?._position ?? '', held: this.mode === 'existing' };
    this.entries.set(id, entry);
    return entry;
  }

  private async find(query: Query): Promise<StoredDocument[]> {
    const equalities = this.mode === 'fresh' ? scalarEqualities(query) : null;
    if (!equalities) {
      await this.flush();
      return this.collection.find(query);
    }
    const found = [...this.current()].filter((document) =>
      equalities.every(([path, value]) => matches(valueAt(document, path), value)),
    );
    return found.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
}

/** A document already past the event: it is left as it is. */
const ALREADY_PAST = Symbol('already past the event');

/** What `unread` routes with: only a `documentIds` that answers at once counts, so what these answer is never used. */
const NO_LOOKUPS: ProjectionDocuments = { get: async () => null, find: async () => [] };

/** A query of scalar equalities only, as `[path segments, value]`; null for anything else (the store answers those). */
function scalarEqualities(query: Query): [string[], string | number | boolean | null][] | null {
  const { where, ...rest } = query;
  if (Object.keys(rest).length > 0 || !where) return null;
  const conditions: [string[], string | number | boolean | null][] = [];
  for (const [field, condition] of Object.entries(where)) {
    if (typeof condition === 'object' && condition !== null) return null;
    conditions.push([field.split('.'), condition]);
  }
  return conditions;
}

/** The read store's equality: type-exact, and null also matches a missing field. */
function matches(value: unknown, condition: string | number | boolean | null): boolean {
  return condition === null ? value === null || value === undefined : value === condition;
}
