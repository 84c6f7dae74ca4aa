import type { RecordedEvent } from '@labshop/platform/event-store/port';
import type { Query, StoredDocument } from '@labshop/platform/read-store/port';
import type { ReadModel } from '@labshop/contracts/read-model';

/**
 * Read-only access to a projection's own documents as they stand just before the event being routed,
 * earlier events of the same batch included.
 */
export interface ProjectionDocuments<D extends StoredDocument = StoredDocument> {
  /** The document with this id, null if there is none (or it was deleted). */
  get(id: string): Promise<D | null>;
  find(query: Query): Promise<D[]>;
}

/**
 * A read model: which documents an event touches, and a pure function from (document, event) to the
 * next document (null deletes it). The runtime stamps `_position`; `project` never sees I/O. It is told
 * the id it is asked for, which a projection routing one event to several new documents needs.
 * `documentIds` may look documents up when an event names them only indirectly (a deleted product's
 * details, say); most projections read the ids straight from the event.
 * Its name and `indexedFields` (the fields its readers and its own `documentIds` look documents up by, with
 * equality or `$in`, which the read store indexes) are its read model's (`ReadModel`, which the query side reads).
 * Changing what a projection produces means bumping `version`: it is then rebuilt from the first
 * event into fresh collections, and swapped in once caught up.
 */
export interface Projection<D extends StoredDocument = StoredDocument> extends ReadModel<D> {
  version: number;
  documentIds(event: RecordedEvent, documents: ProjectionDocuments<D>): readonly string[] | Promise<readonly string[]>;
  project(document: D | null, event: RecordedEvent, id: string): Omit<D, '_position'> | null;
}
