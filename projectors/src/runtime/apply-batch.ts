import type { Position, RecordedEvent } from '@labshop/platform/event-store/port';
import type { CollectionWrites, ReadStoreSession, StoredDocument } from '@labshop/platform/read-store/port';
import { checkpointWrites, type LiveModel, type PendingBatch } from './live-model.ts';

export interface BatchOutcome {
  /** The models that moved, to be told `committed` now that their writes are stored. */
  applied: PendingBatch[];
  /** Models whose own code (routing or projecting) threw: left out of the batch, their checkpoints unmoved. */
  failed: { model: LiveModel; error: unknown }[];
  /** Models whose checkpoint was found set back below `after` (by hand): this batch would skip events for them. */
  behind: LiveModel[];
}

export interface BatchOptions {
  /**
   * Where the models' checkpoints move when the batch holds no event past them (a catch-up page that ends at the
   * reader): a model that folded the batch without failing is then there, whatever its last event.
   */
  reaching?: Position;
}

/**
 * Applies one batch of events (those after `after`) to every model, in two round trips whatever the number of
 * models, and with no transaction held open between them:
 * 1. one `getAcross` reads every model's checkpoint and the documents the events name that no model has in memory
 *    (a checkpoint found moved by another writer drops that model's cache, and what it then needs is read again);
 *    each model then folds the events past its checkpoint (a routing lookup it still needs is read on its own);
 * 2. one `writeAcross` writes every model's changed documents and moves every checkpoint (and each last-change mark
 *    that moved), guarded by the checkpoints read: when another writer moved one meanwhile (a rebuild's swap, a
 *    runner in another process), nothing is written and the batch is folded again from what the store holds.
 * Events at or before a model's checkpoint are skipped, and a document already past an event ignores it, so a
 * redelivered batch changes nothing. A model whose projection throws is left out (reset, reported in `failed`)
 * and the others go on; a failing statement fails the whole batch (nothing of it is written) after every model's
 * cache is dropped.
 */
export async function applyBatch(
  store: ReadStoreSession,
  models: readonly LiveModel[],
  after: Position,
  events: readonly RecordedEvent[],
  options: BatchOptions = {},
): Promise<BatchOutcome> {
  try {
    for (;;) {
      const outcome = await foldAndWrite(store, models, after, events, options);
      if (outcome) return outcome;
      for (const model of models) model.reset();
    }
  } catch (error) {
    for (const model of models) model.reset();
    throw error;
  }
}

/** One attempt: the outcome, or null when the checkpoints read had moved by the write (nothing was written). */
async function foldAndWrite(
  store: ReadStoreSession,
  models: readonly LiveModel[],
  after: Position,
  events: readonly RecordedEvent[],
  { reaching }: BatchOptions,
): Promise<BatchOutcome | null> {
  const outcome: BatchOutcome = { applied: [], failed: [], behind: [] };
  const fail = (model: LiveModel, error: unknown) => {
    model.reset();
    outcome.failed.push({ model, error });
  };
  /** The events past each model's checkpoint (as it knows it) and the documents it must read before it folds them. */
  const due = new Map<LiveModel, { events: readonly RecordedEvent[]; unread: string[] }>();
  const plan = (model: LiveModel) => {
    try {
      const past = model.eventsPast(events);
      due.set(model, { events: past, unread: past.length === 0 ? [] : model.unread(past) });
    } catch (error) {
      due.delete(model);
      fail(model, error);
    }
  };
  models.forEach(plan);
  const { checkpoints: held, documents: read } = await store.getAcross(
    [...due].map(([model, { unread }]) => ({ collection: model.collectionName, ids: unread })),
    models.map((model) => model.checkpointKey),
  );
  // A model whose checkpoint another writer moved has dropped its cache: what it needs is read again, on its own.
  for (const model of [...due.keys()]) {
    if (!model.adopt(held.get(model.checkpointKey) ?? null)) continue;
    plan(model);
    const again = due.get(model);
    if (!again) continue;
    const found = await store.getAcross([{ collection: model.collectionName, ids: again.unread }]);
    read.set(model.collectionName, found.documents.get(model.collectionName)!);
  }
  const writes: CollectionWrites[] = [];
  for (const [model, { events: past, unread }] of due) {
    if (model.checkpoint < after) {
      outcome.behind.push(model);
      continue;
    }
    if (past.length === 0) {
      if (reaching !== undefined && model.checkpoint < reaching)
        outcome.applied.push({ model, checkpoint: reaching, lastChange: null });
      continue;
    }
    let storeFailed = false;
    try {
      const found = read.get(model.collectionName) ?? new Map<string, StoredDocument>();
      const folded = await model.fold(store, past, { ids: unread, found }, () => {
        storeFailed = true;
      });
      if (reaching !== undefined && folded.pending.checkpoint < reaching) folded.pending.checkpoint = reaching;
      outcome.applied.push(folded.pending);
      writes.push(folded.writes);
    } catch (error) {
      if (storeFailed) throw error;
      fail(model, error);
    }
  }
  const expected = new Map(models.map((model) => [model.checkpointKey, held.get(model.checkpointKey) ?? null]));
  return (await store.writeAcross(writes, checkpointWrites(outcome.applied), expected)) ? outcome : null;
}
