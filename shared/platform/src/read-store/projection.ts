import type { Position, RecordedEvent } from '../event-store/port.ts';
import type { Query, StoredDocument } from './port.ts';
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
 * details, say); most projections read the ids straight from the event, and answer them as an array, not a
 * promise: the runtime reads ahead, for a whole batch at once, only the documents of ids answered that way.
 * Its name and `indexedFields` (the fields its readers and its own `documentIds` look documents up by, with
 * equality or `$in`, which the read store indexes) are its read model's (`ReadModel`, which the query side reads).
 * Changing what a projection produces means bumping `version`: it is then rebuilt from the first
 * event into fresh collections, and swapped in once caught up.
 */
export interface Projection<D extends StoredDocument = StoredDocument> extends ReadModel<D> {
  version: number;
  documentIds(event: RecordedEvent, documents: ProjectionDocuments<D>): readonly string[] | Promise<readonly string[]>;
  /**
   * `before(id)` is any document the event is routed to as it stood before the event (`document` is one of them):
   * documents that depend on each other are projected from each other's state before the event, whatever the order.
   */
  project(
    document: D | null,
    event: RecordedEvent,
    id: string,
    before: (id: string) => D | null,
  ): Omit<D, '_position'> | null;
}

/**
 * The projection among `projections` that builds `readModel`: the query side names read models by their descriptors
 * (contracts) and is given the projections by the composition root, so it folds events by a read model's own fold
 * (time travel) without importing the projectors.
 */
export function projectionOf<D extends StoredDocument>(
  projections: readonly Projection[],
  readModel: ReadModel<D>,
): Projection<D> {
  const projection = projections.find((candidate) => candidate.name === readModel.name);
  if (!projection) throw new Error(`No projection builds the read model "${readModel.name}"`);
  return projection as unknown as Projection<D>;
}

/**
 * How far each model a projection runner in this process runs has got, and a signal whenever that moves: the
 * query API's read-your-writes waits on it when it runs in the same process as the projectors (`npm start`).
 */
export interface ProjectionProgress {
  /** The checkpoint of this projection version as this process last committed it; null if it does not run that version. */
  position(name: string, version: number): Position | null;
  /** Calls `listener` after every commit that moved a checkpoint; answers the unsubscribe. */
  onAdvance(listener: () => void): () => void;
}
