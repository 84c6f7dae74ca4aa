import type { RecordedEvent } from '@labshop/shared/event-store/port';
import type { StoredDocument } from '@labshop/shared/read-store/port';

/**
 * A read model: which documents an event touches, and a pure function from (document, event) to the
 * next document (null deletes it). The runtime stamps `_position`; projections never see I/O.
 * Changing what a projection produces means bumping `version`: it is then rebuilt from the first
 * event into fresh collections, and swapped in once caught up.
 */
export interface Projection<D extends StoredDocument = StoredDocument> {
  name: string;
  version: number;
  documentIds(event: RecordedEvent): readonly string[];
  project(document: D | null, event: RecordedEvent): Omit<D, '_position'> | null;
}
