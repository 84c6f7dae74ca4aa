import { START, type EventStore, type ExpectedRevision, type Position } from '../event-store/port.ts';
import type { Decider } from '@labshop/contracts/decider';

export type StreamFolder<State, Event extends { type: string; data: unknown }> = Pick<
  Decider<State, never, Event>,
  'initialState' | 'evolve'
>;

export interface FoldedStream<State> {
  state: State;
  revision: ExpectedRevision;
  position: Position;
}

export interface StreamFoldCache<State> {
  /** The stream folded up to its newest event, as foldStream answers, reading only the events after the cached revision. */
  fold(stream: string): Promise<FoldedStream<State>>;
  /** The cached state without reading (it may be behind the stream), or undefined when none is cached. */
  peek(stream: string): FoldedStream<State> | undefined;
  /** Records a state the caller folded itself (after its own append), so the next fold starts there. */
  remember(stream: string, folded: FoldedStream<State>): void;
}

/**
 * Keeps what each stream folds to, by revision, so a hot stream is not folded from its start on every
 * decision: one read of the events newer than the cached revision brings it up to date (usually none).
 * Streams are append-only and `evolve` returns new states, so a cached state is never wrong, only behind.
 * The least recently used streams are dropped beyond `maxStreams`.
 *
 * Concurrent folds of one stream share a read, but only a read that has not started yet: it is
 * scheduled for the end of the current event-loop turn and every fold asked for before then joins it.
 * Each caller therefore still sees every event appended before it asked, while 32 shoppers pricing from
 * the same catalogue streams cost a few reads per turn instead of one each.
 */
export function createStreamFoldCache<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  folder: StreamFolder<State, Event>,
  { maxStreams = 10_000 }: { maxStreams?: number } = {},
): StreamFoldCache<State> {
  const entries = new Map<string, FoldedStream<State> & { revision: number }>();
  const scheduledReads = new Map<string, Promise<FoldedStream<State>>>();

  function remember(stream: string, folded: FoldedStream<State> & { revision: number }) {
    const cached = entries.get(stream);
    // A concurrent fold of the same stream may have got further; keep the newer one.
    if (cached && cached.revision > folded.revision) return;
    entries.delete(stream);
    entries.set(stream, folded);
    if (entries.size > maxStreams) entries.delete(entries.keys().next().value!);
  }

  async function readNewer(stream: string): Promise<FoldedStream<State>> {
    const cached = entries.get(stream);
    let state = cached?.state ?? folder.initialState();
    let revision: ExpectedRevision = cached?.revision ?? 'no_stream';
    let position: Position = cached?.position ?? START;
    for await (const recorded of store.readStream(stream, { fromRevision: cached ? cached.revision + 1 : 0 })) {
      state = folder.evolve(state, { type: recorded.type, data: recorded.data } as Event);
      revision = recorded.revision;
      position = recorded.position;
    }
    if (typeof revision === 'number') remember(stream, { state, revision, position });
    return { state, revision, position };
  }

  return {
    peek(stream) {
      const cached = entries.get(stream);
      if (cached) remember(stream, cached);
      return cached;
    },
    remember(stream, folded) {
      if (typeof folded.revision === 'number') remember(stream, { ...folded, revision: folded.revision });
    },
    fold(stream) {
      let read = scheduledReads.get(stream);
      if (!read) {
        read = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          // From here on the read may miss nothing a later caller expects: it is no longer joinable.
          scheduledReads.delete(stream);
          return readNewer(stream);
        });
        scheduledReads.set(stream, read);
      }
      return read;
    },
  };
}
