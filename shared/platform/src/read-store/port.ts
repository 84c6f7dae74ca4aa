/**
 * The ReadStore port: collections of JSON documents keyed by id, with a deliberately small query
 * language. Two adapters implement it: PostgreSQL (JSONB) and MongoDB. Both must pass
 * `read-store.contract.ts`.
 */
import type { Position } from '../event-store/port.ts';

import type { StoredDocument } from '@labshop/contracts/read-model';

/** Every stored document carries the position of the last event applied to it (a contract: readers name it). */
export type { StoredDocument };

export type Scalar = string | number | boolean | null;

/** A condition on one field. Dotted paths reach into nested objects. */
export type FieldCondition =
  | Scalar
  | { $in: readonly Scalar[] }
  | { $gt?: number | string; $gte?: number | string; $lt?: number | string; $lte?: number | string };

export interface Query {
  where?: Record<string, FieldCondition>;
  /** Case-insensitive match on one named text field. */
  text?: { field: string; value: string; mode: 'prefix' | 'substring' };
  sort?: readonly { field: string; direction: 'asc' | 'desc' }[];
  limit?: number;
  skip?: number;
}

export interface Collection<D extends StoredDocument = StoredDocument> {
  get(id: string): Promise<D | null>;
  /** The documents with these ids in one round trip, by id; an id without a document (or with a tombstone) is left out. */
  getMany(ids: readonly string[]): Promise<Map<string, D>>;
  find(query?: Query): Promise<D[]>;
  count(query?: Omit<Query, 'sort' | 'limit' | 'skip'>): Promise<number>;
  /** A page as `find` answers it and the `count` of every document the filter matches: one round trip on PostgreSQL. */
  findPage(query?: Query): Promise<{ documents: D[]; total: number }>;
  /**
   * Writes the document unless the stored one (or its tombstone) already has a position at or
   * above `doc._position`; returns whether it was written.
   */
  upsert(doc: D): Promise<boolean>;
  /**
   * Deletes (leaving a tombstone at `position`) unless already at or past it; returns whether the
   * tombstone was written. A delete of an id never seen still leaves one, so an older upsert arriving
   * later cannot create the document.
   */
  delete(id: string, position: Position): Promise<boolean>;
  /**
   * Many upserts and deletes in one round trip, each under the same position guard as `upsert` and
   * `delete` (a delete leaves a tombstone); answers how many were written. When an id appears more
   * than once, only its write with the highest position counts. For bulk work such as a rebuild.
   */
  writeMany(writes: readonly DocumentWrite<D>[]): Promise<number>;
  /**
   * Documents whose ids the collection holds nothing for (no document, no tombstone), each id once: the
   * first writes into a fresh collection, such as a rebuild's. Cheaper than `writeMany`, there being no
   * guard to check (PostgreSQL copies them in); answers how many were written. An id the collection holds,
   * or given twice, fails the call: on PostgreSQL nothing is written then, on MongoDB the documents before it
   * in the list may be.
   */
  insertMany(documents: readonly D[]): Promise<number>;
}

/** One write of `writeMany`: a document to upsert, or an id to delete at a position. */
export type DocumentWrite<D extends StoredDocument = StoredDocument> =
  { upsert: D } | { delete: string; position: Position };

/** The ids wanted of one collection, for `getAcross`. */
export interface CollectionIds {
  collection: string;
  ids: readonly string[];
}

/** The writes for one collection, for `writeAcross`. */
export interface CollectionWrites {
  collection: string;
  writes: readonly DocumentWrite[];
}

/** A unit of work: documents and checkpoints written together, or not at all. */
export interface ReadStoreSession {
  collection<D extends StoredDocument>(name: string): Collection<D>;
  getCheckpoint(name: string): Promise<Position | null>;
  setCheckpoint(name: string, position: Position): Promise<void>;
  /** Sets several checkpoints in one round trip (each name once). */
  setCheckpoints(checkpoints: readonly { name: string; position: Position }[]): Promise<void>;
  /**
   * `getMany` on several collections, and the checkpoints named (null for one never set, none held), in one round
   * trip where the backend allows it (PostgreSQL: one statement). A collection named twice is read once for all
   * its ids. What a projection runner's batch reads first.
   */
  getAcross(wanted: readonly CollectionIds[], checkpoints?: readonly string[]): Promise<ReadAcross>;
  /**
   * `writeMany` on several collections and `setCheckpoints`, in one round trip where the backend allows it
   * (PostgreSQL: one statement, so all or nothing even outside `transaction`); each write under its guard.
   * Everything is checked before anything is written. With `expected` (checkpoints as the writer read them, null
   * for one never set), nothing is written unless each is still as expected, compared while they are held: a
   * transaction that writes one of them meanwhile (a rebuild's swap, which writes the checkpoint of the model it
   * replaces) comes first, and this call then answers false, as it does when another writer moved one since the
   * read (another runner); otherwise it answers true. PostgreSQL holds them with row locks; MongoDB with a write to
   * each inside a transaction of the call's own, which a concurrent writer meets as a write conflict. What a projection runner's batch writes, with no
   * transaction held open between its read and its write. On PostgreSQL it does not wait for the disk: the read
   * store holds only what the log rebuilds, and a write a crash loses is lost with the checkpoints it moved.
   */
  writeAcross(
    writes: readonly CollectionWrites[],
    checkpoints: readonly { name: string; position: Position }[],
    expected?: ReadonlyMap<string, Position | null>,
  ): Promise<boolean>;
}

/** What `getAcross` read: the documents found, by collection, then by id; and the checkpoints named. */
export interface ReadAcross {
  documents: Map<string, Map<string, StoredDocument>>;
  checkpoints: Map<string, Position | null>;
}

export interface ReadStore extends ReadStoreSession {
  /** Runs `work` atomically where the backend allows it (PostgreSQL always, MongoDB on a replica set). */
  transaction<T>(work: (session: ReadStoreSession) => Promise<T>): Promise<T>;
  /**
   * Indexes the named fields (dotted paths) of a collection unless they are already: equality and `$in` on
   * them are then answered without reading every document. Conditions on other fields are still answered,
   * by reading them all. A collection's indexes stay with it through `renameCollection`.
   */
  indexFields(name: string, fields: readonly string[]): Promise<void>;
  /**
   * Gathers what the store's planner knows of a collection that has just been filled (a version built from the
   * first event going live): PostgreSQL ANALYZEs its table, whose statistics were taken while it was empty and
   * which autovacuum analyses only after enough changes and within its naptime; MongoDB keeps no such
   * statistics, so there it does nothing.
   */
  analyzeCollection(name: string): Promise<void>;
  /** Drops a collection and its documents (used after a rebuild swap). */
  dropCollection(name: string): Promise<void>;
  /**
   * Replaces collection `target` by the documents of `source`, tombstones included, in one step that
   * readers see atomically: before it they find the old target, after it the new one, never a mix
   * or nothing. `source` is empty afterwards; a source never written leaves the target empty.
   * A write to `target` in flight at that moment lands either before (and is replaced) or after
   * (on the new documents, under their position guard). Not inside `transaction` (MongoDB cannot).
   */
  renameCollection(source: string, target: string): Promise<void>;
  /**
   * Calls `listener` after a transaction that wrote checkpoints commits, in this process or another, and whenever
   * notifications may have been missed (the listening connection was lost and is back): a reader waiting for a
   * checkpoint reads it again then instead of polling. Answers the removal. PostgreSQL offers it (NOTIFY, heard on
   * a LISTEN connection of the store's own); MongoDB does not, and its readers poll.
   */
  onCheckpointsMoved?(listener: () => void): () => void;
  /** Names of all checkpoints, for status pages. */
  listCheckpoints(): Promise<{ name: string; position: Position }[]>;
  close(): Promise<void>;
}
