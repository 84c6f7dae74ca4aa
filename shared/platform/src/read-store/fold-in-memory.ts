import type { RecordedEvent } from '../event-store/port.ts';
import type { Query, StoredDocument } from './port.ts';
import type { Projection, ProjectionDocuments } from './projection.ts';
import { valueAt } from './value-at.ts';

/**
 * Folds events through a projection in memory the way the runtime does (documentIds, then project for
 * each id), and returns the documents left: the projection's own fold, for a read model as of a moment
 * (time travel) and for unit tests. Lookups from `documentIds` may get by id or use equality conditions (dotted
 * paths included) only: that is all projections need, and anything else throws rather than answer differently
 * from a real read store.
 */
export async function foldInMemory<D extends StoredDocument>(
  projection: Projection<D>,
  events: Iterable<RecordedEvent>,
): Promise<Map<string, D>> {
  const stored = new Map<string, D>();
  const documents: ProjectionDocuments<D> = {
    async get(id) {
      return stored.get(id) ?? null;
    },
    async find(query: Query) {
      const { where = {}, ...rest } = query;
      if (Object.keys(rest).length > 0) throw new Error('foldInMemory() answers "where" equality only');
      const conditions = Object.entries(where);
      for (const [, condition] of conditions)
        if (typeof condition === 'object' && condition !== null)
          throw new Error('foldInMemory() answers equality only');
      return [...stored.values()].filter((document) =>
        conditions.every(([field, value]) => valueAt(document, field.split('.')) === value),
      );
    },
  };
  for (const event of events) {
    const ids = await projection.documentIds(event, documents);
    const before = new Map(ids.map((id) => [id, stored.get(id) ?? null]));
    const routedBefore = (id: string) => before.get(id) ?? null;
    for (const id of ids) {
      const next = projection.project(before.get(id) ?? null, event, id, routedBefore);
      if (next) stored.set(id, { ...next, _position: event.position } as D);
      else stored.delete(id);
    }
  }
  return stored;
}
