import type { Position, RecordedEvent } from '@labshop/shared/event-store/port';
import type { ReadStoreSession, StoredDocument } from '@labshop/shared/read-store/port';
import type { Projection } from '../projection.ts';
import { checkpointName, physicalCollection } from './generations.ts';

/**
 * Applies a batch of events to one projection version inside the caller's transaction: documents are
 * folded in memory, written once each, and the checkpoint moves to the batch's last event. Events at
 * or before the checkpoint are skipped, and a document already past an event ignores it, so a
 * redelivered batch changes nothing.
 */
export async function applyBatch(
  session: ReadStoreSession,
  projection: Projection,
  version: number,
  events: readonly RecordedEvent[],
): Promise<Position | null> {
  const checkpointKey = checkpointName(projection.name, version);
  const checkpoint = (await session.getCheckpoint(checkpointKey)) ?? '';
  const fresh = events.filter((event) => event.position > checkpoint);
  const last = fresh.at(-1);
  if (!last) return null;

  const collection = session.collection<StoredDocument>(physicalCollection(projection.name, version));
  const working = new Map<string, { document: StoredDocument | null; position: Position; changed: boolean }>();
  for (const event of fresh) {
    for (const id of projection.documentIds(event)) {
      let entry = working.get(id);
      if (!entry) {
        const stored = await collection.get(id);
        entry = { document: stored, position: stored?._position ?? '', changed: false };
        working.set(id, entry);
      }
      if (entry.document && entry.document._position >= event.position) continue;
      const next = projection.project(entry.document, event);
      entry.document = next && { ...next, _position: event.position };
      entry.position = event.position;
      entry.changed = true;
    }
  }
  for (const [id, entry] of working) {
    if (!entry.changed) continue;
    if (entry.document) await collection.upsert(entry.document);
    else await collection.delete(id, entry.position);
  }
  await session.setCheckpoint(checkpointKey, last.position);
  return last.position;
}
