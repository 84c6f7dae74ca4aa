import { setImmediate } from 'node:timers/promises';
import { START, type EventStore, type Position, type RecordedEvent } from '@labshop/platform/event-store/port';
import type { ReadStore } from '@labshop/platform/read-store/port';
import type { Projection } from '@labshop/platform/read-store/projection';
import {
  activeVersion,
  checkpointName,
  lastChangeName,
  physicalCollection,
  setActiveVersion,
} from '@labshop/platform/read-store/generations';
import { compareDocuments, type Difference } from './compare.ts';
import { eventBatches } from './event-batches.ts';
import { ModelBuilder } from './model-builder.ts';

export interface RebuildOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  projections: readonly Projection[];
  /** Events read from the store at once (default 2 000). */
  batchSize?: number;
  /** Called after each batch read: its size, the position reached, and where this pass over the log started and its head then. */
  onProgress?: (progress: { read: number; position: Position; first: Position; head: Position }) => void;
}

/** Where a rebuild writes before it is swapped in; fixed, so a run killed half-way leaves nothing the next run does not clear. */
export const rebuildCollection = (projection: Pick<Projection, 'name' | 'version'>) =>
  `${physicalCollection(projection.name, projection.version)}__rebuild`;

const DEFAULT_BATCH_SIZE = 2_000;
/** Changed documents are written every this many batches (and at the end). */
const FLUSH_EVERY_BATCHES = 5;
/** How many times verify builds again when the live model moved on while it compared. */
const VERIFY_ATTEMPTS = 5;

interface Target {
  projection: Projection;
  builder: ModelBuilder;
  /** The last event this rebuild has applied (or seen and found nothing to do). */
  position: Position;
}

/**
 * Rebuilds projections from the first event into fresh collections and swaps each in for the live
 * one (`renameCollection`, atomic for readers), without stopping the projectors or the readers:
 * 1. the log is read once, in batches, for all of them, until a read comes back short (the head);
 * 2. each is swapped in while it holds the live projector's checkpoint (`swapIn`): the events that
 *    arrived meanwhile are applied to the rebuild, it is renamed over the live collection, and the
 *    checkpoint is set to where the rebuild got, with a new last-change mark so readers drop caches.
 * The projector then continues from that checkpoint. Every rebuilt document (tombstones included)
 * carries the position of the last event that touched it, so an event applied again is a no-op.
 */
export async function rebuildProjections(
  options: RebuildOptions,
): Promise<{ name: string; documents: number; position: Position }[]> {
  const targets = await startTargets(options);
  await advance(options, targets, () => null);
  const results = [];
  for (const target of targets) {
    const position = await swapIn(options, target);
    results.push({ name: target.projection.name, documents: [...target.builder.current()].length, position });
  }
  return results;
}

export interface Verification {
  name: string;
  /** The live model's checkpoint the rebuild was compared at; null when the live model was never built. */
  checkpoint: Position | null;
  documents: number;
  differences: Difference[];
}

/**
 * Rebuilds projections into fresh collections up to exactly where each live model is, compares, and
 * drops the rebuild (the live models are not touched). Should a live model move on while it is being
 * compared, the rebuild catches up to its new checkpoint and compares again.
 */
export async function verifyProjections(options: RebuildOptions): Promise<Verification[]> {
  const { readStore } = options;
  let pending = await startTargets(options);
  const liveCheckpoint = (target: Target) =>
    readStore.getCheckpoint(checkpointName(target.projection.name, target.projection.version));
  const verifications: Verification[] = [];
  for (let attempt = 1; pending.length > 0; attempt++) {
    const bounds = new Map(
      await Promise.all(pending.map(async (target) => [target, await liveCheckpoint(target)] as const)),
    );
    await advance(options, pending, (target) => bounds.get(target) ?? START);
    const moved: Target[] = [];
    for (const target of pending) {
      const { name, version } = target.projection;
      const live = await readStore.collection(physicalCollection(name, version)).find();
      const checkpoint = bounds.get(target) ?? null;
      if ((await liveCheckpoint(target)) !== checkpoint && attempt < VERIFY_ATTEMPTS) {
        moved.push(target);
        continue;
      }
      const rebuilt = [...target.builder.current()];
      verifications.push({ name, checkpoint, documents: rebuilt.length, differences: compareDocuments(live, rebuilt) });
      await readStore.dropCollection(rebuildCollection(target.projection));
    }
    pending = moved;
  }
  return verifications;
}

async function startTargets({ readStore, projections }: RebuildOptions): Promise<Target[]> {
  return Promise.all(
    projections.map(async (projection) => {
      const fresh = rebuildCollection(projection);
      // What an earlier run left when it was killed.
      await readStore.dropCollection(fresh);
      await readStore.indexFields(fresh, projection.indexedFields ?? []);
      return {
        projection,
        builder: new ModelBuilder(projection, readStore.collection(fresh), 'fresh'),
        position: START,
      };
    }),
  );
}

/**
 * Reads the log once for every target, from the earliest target's position, and applies to each the
 * events past its own position, up to its bound (none: until the reader reaches the head).
 */
async function advance(
  options: RebuildOptions,
  targets: readonly Target[],
  boundOf: (target: Target) => Position | null,
): Promise<void> {
  const { eventStore, onProgress } = options;
  if (targets.length === 0) return;
  const bounds = targets.map(boundOf);
  const stopAt = bounds.includes(null)
    ? null
    : bounds.reduce((highest, bound) => (bound! > highest! ? bound : highest), START);
  const from = targets.reduce(
    (lowest, target) => (target.position < lowest ? target.position : lowest),
    targets[0]!.position,
  );
  if (stopAt !== null && from >= stopAt) return;
  const head = await eventStore.headPosition();
  let first: Position | undefined;
  let writing: Promise<unknown> = Promise.resolve();
  let batches = 0;
  for await (const batch of eventBatches(eventStore, from, options.batchSize ?? DEFAULT_BATCH_SIZE)) {
    first ??= batch[0]!.position;
    for (const [index, target] of targets.entries()) {
      const bound = bounds[index];
      const isDue = (event: RecordedEvent) =>
        event.position > target.position && (bound === null || bound === undefined || event.position <= bound);
      // Mostly the whole batch is: then it is not filtered event by event for every model.
      const due = isDue(batch[0]!) && isDue(batch.at(-1)!) ? batch : batch.filter(isDue);
      const last = due.at(-1);
      if (!last) continue;
      await target.builder.apply(due);
      target.position = last.position;
      // Folding a batch for a model runs without a pause: between models, the replies of the database are
      // taken in, so the next batch's read and the writes go on while the next model folds.
      await setImmediate();
    }
    // Folding is this process's work, writing the database's: the writes of every few batches go out while
    // the next ones are folded (one connection per model), at most one round outstanding. Only documents
    // that settled are written then, so one that many batches touch (a day of sales, a product's tree) is
    // written once it stops changing, or at the end.
    if (++batches % FLUSH_EVERY_BATCHES === 0) {
      await writing;
      writing = Promise.all(targets.map((target) => target.builder.flush({ settledOnly: true })));
      // Awaited on the next turn; until then a failure must not count as unhandled.
      writing.catch(() => undefined);
    }
    const position = batch.at(-1)!.position;
    onProgress?.({ read: batch.length, position, first, head });
    if (stopAt !== null && position >= stopAt) break;
  }
  await writing;
  await Promise.all(targets.map((target) => target.builder.flush()));
}

/**
 * Swaps a caught-up rebuild in for the live collection; answers the position the live model then has.
 * The projection runner writes each batch guarded by the live checkpoints it read, which the write holds and compares,
 * so a transaction that writes that checkpoint keeps every batch's write waiting until it ends. The swap holds it
 * (writing it as it is) while it applies the last events to the rebuild, renames the rebuild over the live collection
 * and sets the checkpoint to that head. A batch that was waiting then finds the checkpoint moved and writes nothing;
 * folded again, it drops its cached documents of that model and reads the new ones; its events up to the head are
 * no-ops under their position guard.
 * Killed before the transaction commits, the checkpoint falls back to where the projector had it, below
 * the documents' positions: the projector applies those events again, as no-ops.
 */
async function swapIn(options: RebuildOptions, target: Target): Promise<Position> {
  const { readStore } = options;
  const { name, version } = target.projection;
  const checkpointKey = checkpointName(name, version);
  let renamed = false;
  await readStore.transaction(async (session) => {
    await session.setCheckpoint(checkpointKey, (await session.getCheckpoint(checkpointKey)) ?? START);
    await advance(options, [target], () => null);
    // MongoDB may run this work again (a transient error): the rename must not, the source is gone after it.
    if (!renamed)
      await readStore.renameCollection(rebuildCollection(target.projection), physicalCollection(name, version));
    renamed = true;
    await session.setCheckpoint(checkpointKey, target.position);
    // Readers cache a model until this mark moves, and every document was replaced: a mark of its own, which
    // sorts after the position and before any later event's, so the projector's next change moves it on as usual.
    await session.setCheckpoint(lastChangeName(name, version), `${target.position}~rebuilt-${Date.now()}`);
    if ((await activeVersion(session, name)) === null) await setActiveVersion(session, name, version);
  });
  return target.position;
}
