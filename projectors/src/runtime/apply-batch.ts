import type { Position, RecordedEvent } from '@labshop/platform/event-store/port';
import type { ReadStoreSession } from '@labshop/platform/read-store/port';
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
 * Applies one batch of events (those after `after`) to every model inside the caller's transaction:
 * 1. one statement reads and holds every model's checkpoint (a rebuild's swap, which writes the checkpoint of the
 *    model it replaces, waits for the batch or the batch for it; a moved checkpoint drops that model's cache);
 * 2. each model folds the events past its checkpoint in memory, its documents fetched with one `getMany` where the
 *    events name them, and writes the changed ones with one `writeMany`;
 * 3. one statement moves every checkpoint (and each last-change mark that moved).
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
  for (const model of models) {
    model.adopt(held.get(model.checkpointKey) ?? null);
    if (model.checkpoint < after) {
      outcome.behind.push(model);
      continue;
    }
    let storeFailed = false;
    try {
      const pending = await model.apply(session, events, () => {
        storeFailed = true;
      });
      if (pending) outcome.applied.push(pending);
    } catch (error) {
      if (storeFailed) throw error;
      model.reset();
      outcome.failed.push({ model, error });
    }
  }
  await session.setCheckpoints(checkpointWrites(outcome.applied));
  return outcome;
}
