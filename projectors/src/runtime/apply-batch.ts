import type { Position, RecordedEvent } from '@labshop/platform/event-store/port';
import type { CollectionWrites, ReadStoreSession, StoredDocument } from '@labshop/platform/read-store/port';
import { checkpointWrites, type LiveModel, type PendingBatch } from './live-model.ts';

export interface BatchOutcome {
  /** The models that moved, to be told `committed` once the transaction has. */
  applied: PendingBatch[];
  /** Models whose own code (routing or projecting) threw: left out of the batch, their checkpoints unmoved. */
  failed: { model: LiveModel; error: unknown }[];
  /** Models whose checkpoint was found set back below `after` (by hand): this batch would skip events for them. */
  behind: LiveModel[];
}

/**
 * Applies one batch of events (those after `after`) to every model inside the caller's transaction, in three round
 * trips whatever the number of models:
 * 1. one statement reads and holds every model's checkpoint (a rebuild's swap, which writes the checkpoint of the
 *    model it replaces, waits for the batch or the batch for it; a moved checkpoint drops that model's cache);
 * 2. one `getAcross` reads the documents the events name that no model has in memory; each model then folds the
 *    events past its checkpoint (a routing lookup it still needs is read on its own);
 * 3. one `writeAcross` writes every model's changed documents and moves every checkpoint (and each last-change mark
 *    that moved).
 * Events at or before a model's checkpoint are skipped, and a document already past an event ignores it, so a
 * redelivered batch changes nothing. A model whose projection throws is left out (reset, reported in `failed`)
 * and the others go on; a failing statement fails the whole batch (the transaction cannot go on after it).
 */
export async function applyBatch(
  session: ReadStoreSession,
  models: readonly LiveModel[],
  after: Position,
  events: readonly RecordedEvent[],
): Promise<BatchOutcome> {
  const held = await session.holdCheckpoints(models.map((model) => model.checkpointKey));
  const outcome: BatchOutcome = { applied: [], failed: [], behind: [] };
  const fail = (model: LiveModel, error: unknown) => {
    model.reset();
    outcome.failed.push({ model, error });
  };
  const due: { model: LiveModel; events: readonly RecordedEvent[]; unread: string[] }[] = [];
  for (const model of models) {
    model.adopt(held.get(model.checkpointKey) ?? null);
    if (model.checkpoint < after) {
      outcome.behind.push(model);
      continue;
    }
    const past = model.eventsPast(events);
    if (past.length === 0) continue;
    try {
      due.push({ model, events: past, unread: model.unread(past) });
    } catch (error) {
      fail(model, error);
    }
  }
  const read = await session.getAcross(
    due.map(({ model, unread }) => ({ collection: model.collectionName, ids: unread })),
  );
  const writes: CollectionWrites[] = [];
  for (const { model, events: past, unread } of due) {
    let storeFailed = false;
    try {
      const found = read.get(model.collectionName) ?? new Map<string, StoredDocument>();
      const folded = await model.fold(session, past, { ids: unread, found }, () => {
        storeFailed = true;
      });
      outcome.applied.push(folded.pending);
      writes.push(folded.writes);
    } catch (error) {
      if (storeFailed) throw error;
      fail(model, error);
    }
  }
  await session.writeAcross(writes, checkpointWrites(outcome.applied));
  return outcome;
}
