import type { Position, RecordedEvent } from '@labshop/shared/event-store/port';
import type { Collection, ReadStoreSession, StoredDocument } from '@labshop/shared/read-store/port';
import type { Projection, ProjectionDocuments } from '../projection.ts';
import { checkpointName, lastChangeName, physicalCollection } from './generations.ts';

/**
 * Applies a batch of events to one projection version inside the caller's transaction: documents are
 * folded in memory, written once each, and the checkpoint moves to the batch's last event. Events at
 * or before the checkpoint are skipped, and a document already past an event ignores it, so a
 * redelivered batch changes nothing. When a document changed, the position of the last such event is
 * kept too, so readers can cache a model until it really changes.
 * A projection that looks documents up to route an event first gets the batch so far written (in the
 * same transaction), so its query sees what earlier events of the batch did.
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
  // Written first, so the batch holds its checkpoint for the whole transaction: a rebuild's swap takes
  // the same checkpoint to keep batches out while it replaces the documents (see rebuild/rebuild.ts).
  await session.setCheckpoint(checkpointKey, last.position);

  const collection = session.collection<StoredDocument>(physicalCollection(projection.name, version));
  const working: WorkingSet = new Map();
  let lastChange: Position | null = null;
  const documents: ProjectionDocuments = {
    async get(id) {
      const entry = working.get(id);
      return entry ? entry.document : collection.get(id);
    },
    async find(query) {
      await write(collection, working);
      return collection.find(query);
    },
  };
  for (const event of fresh) {
    for (const id of await projection.documentIds(event, documents)) {
      let entry = working.get(id);
      if (!entry) {
        const stored = await collection.get(id);
        entry = { document: stored, position: stored?._position ?? '', changed: false };
        working.set(id, entry);
      }
      if (entry.document && entry.document._position >= event.position) continue;
      const next = projection.project(entry.document, event, id);
      entry.document = next && { ...next, _position: event.position };
      entry.position = event.position;
      entry.changed = true;
      lastChange = event.position;
    }
  }
  await write(collection, working);
  if (lastChange) await session.setCheckpoint(lastChangeName(projection.name, version), lastChange);
  return last.position;
}

type WorkingSet = Map<string, { document: StoredDocument | null; position: Position; changed: boolean }>;

async function write(collection: Collection, working: WorkingSet): Promise<void> {
  for (const [id, entry] of working) {
    if (!entry.changed) continue;
    if (entry.document) await collection.upsert(entry.document);
    else await collection.delete(id, entry.position);
    entry.changed = false;
  }
}
