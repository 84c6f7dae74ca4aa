import type { Position } from '@labshop/platform/event-store/port';
import type { ReadModel } from '@labshop/contracts/read-model';
import type { ReadModels } from '../read-models.ts';

export interface ProjectionCacheOptions {
  /** How long a reader without a position of its own may be served what was read before. */
  maxAgeMs: number;
  /** Most values kept; the least recently used go first. */
  capacity: number;
}

/** How many times `maxAgeMs` a generation may still be served while its confirmation runs. */
const STALE_WHILE_CONFIRMING = 3;

interface Generation {
  /** Each projection's version and last change when the values started being read. */
  tag: string;
  /** Every projection had applied at least this much when the tag was last confirmed. */
  confirmedUpTo: Position;
  confirmedAt: number;
  values: Map<string, Promise<unknown>>;
}

/**
 * Values computed from some projections' documents, kept until one of those projections changes a
 * document (or is swapped for a rebuilt version); other models' events leave them alone.
 * A reader carrying the position of its own write (read-your-writes, which has already waited for
 * the projections to pass it) gets values confirmed at or after that position; any other reader
 * gets values confirmed within the last `maxAgeMs` (or, while a confirmation runs, a few times that).
 */
export function projectionCache(
  readModels: ReadModels,
  projections: readonly ReadModel[],
  options: ProjectionCacheOptions,
) {
  let generation: Generation = { tag: '', confirmedUpTo: '', confirmedAt: -Infinity, values: new Map() };
  let confirming: Promise<Generation> | null = null;

  async function confirm(): Promise<Generation> {
    const startedAt = Date.now();
    const progress = await Promise.all(projections.map((projection) => readModels.progress(projection)));
    const tag = progress.map((reached) => (reached ? `${reached.version}:${reached.lastChange}` : 'none')).join('|');
    const confirmedUpTo =
      progress.reduce<Position | null>((lowest, reached) => {
        const checkpoint = reached?.checkpoint ?? '';
        return lowest === null || checkpoint < lowest ? checkpoint : lowest;
      }, null) ?? '';
    if (tag !== generation.tag) generation = { tag, confirmedUpTo, confirmedAt: startedAt, values: new Map() };
    else Object.assign(generation, { confirmedUpTo, confirmedAt: startedAt });
    return generation;
  }

  async function current(position: Position | undefined): Promise<Generation> {
    const age = Date.now() - generation.confirmedAt;
    // A reader whose own write is already in is served like any other: it too sees later changes once the values age.
    const ownWriteIn = position === undefined || position <= generation.confirmedUpTo;
    if (ownWriteIn && age < options.maxAgeMs) return generation;
    if (!confirming) {
      confirming = confirm().finally(() => {
        confirming = null;
      });
      // Readers served meanwhile do not await it; those who do still see its failure.
      confirming.catch(() => undefined);
    }
    // Readers without a position do not queue behind a routine confirmation: they get the generation
    // being confirmed, unless it is far too old to trust (a quiet spell, say).
    if (ownWriteIn && age < options.maxAgeMs * STALE_WHILE_CONFIRMING) return generation;
    return confirming;
  }

  return {
    /** The value under `key`, computed by `load` once per generation; `position` is the reader's own last write, if it sent one. */
    async read<T>(key: string, load: () => Promise<T>, position?: Position): Promise<T> {
      const { values } = await current(position);
      const cached = values.get(key);
      if (cached) {
        values.delete(key);
        values.set(key, cached);
        return cached as Promise<T>;
      }
      const loading = load();
      values.set(key, loading);
      loading.catch(() => values.delete(key));
      if (values.size > options.capacity) values.delete(values.keys().next().value!);
      return loading;
    },
  };
}
