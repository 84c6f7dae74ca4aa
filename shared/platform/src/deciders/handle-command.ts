import { randomUUID } from 'node:crypto';
import type { EventMetadata, EventStore, ExpectedRevision, Position } from '../event-store/port.ts';
import { WrongExpectedRevision } from '../event-store/port.ts';
import type { Decider } from '@labshop/contracts/decider';
import type { FoldedStream, StreamFoldCache } from './stream-fold-cache.ts';

// A lost race is decided again on the fresh stream, which is always safe: the decider sees the
// winner's events (an entity's own version check turns a real conflict into a 409). Many attempts,
// with a growing random pause, so concurrent edits of different entities in one stream all land.
const MAX_ATTEMPTS = 25;
const pauseAfterLostRace = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));

/** A stream's events folded into state, with the revision and position of its last event. */
export async function foldStream<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  stream: string,
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
): Promise<{ state: State; revision: ExpectedRevision; position: Position }> {
  let state = decider.initialState();
  let revision: ExpectedRevision = 'no_stream';
  let position: Position = '';
  for await (const recorded of store.readStream(stream)) {
    state = decider.evolve(state, { type: recorded.type, data: recorded.data } as Event);
    revision = recorded.revision;
    position = recorded.position;
  }
  return { state, revision, position };
}

export interface HandleCommandOptions<State> {
  /** Folds the stream instead of reading it from its start (e.g. a fold the caller already has for the first decision). */
  load?: (stream: string) => Promise<FoldedStream<State>>;
  /**
   * Folded states of hot streams (stream-fold-cache.ts). A decision is first made on the cached state
   * without reading: its events are appended at the cached revision, so if another writer got there
   * first the store refuses and the stream is read again. A refusal or a no-op on the cached state is
   * confirmed on the stream before it is answered, since nothing would catch it being stale.
   */
  cache?: StreamFoldCache<State>;
}

/**
 * Reads the stream, decides, and appends with the revision it read. A concurrent append to the same
 * stream makes it read and decide again (the decision may differ now); after a few lost races the
 * conflict reaches the caller as 409.
 * Returns the position of the last event appended, or of the stream's last event when the command
 * changed nothing, so the caller can wait for its read models either way; and the state and revision
 * after the decision, so an answer can be built from them without reading the stream again, with the state it
 * was decided on (`decidedOn`, for an answer that tells what changed); and the ids given to the appended events
 * (a reactor's job ids are event ids).
 */
export async function handleCommand<State, Command, Event extends { type: string; data: unknown }>(
  store: EventStore,
  stream: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  metadata: EventMetadata,
  { load, cache }: HandleCommandOptions<State> = {},
): Promise<{
  position: Position;
  events: Event[];
  ids: string[];
  state: State;
  decidedOn: State;
  revision: ExpectedRevision;
}> {
  for (let attempt = 1; ; attempt++) {
    const { folded, events } =
      (attempt === 1 && decideOnCached(stream, decider, command, cache)) ||
      (await decideOnStream(store, stream, decider, command, { load, cache }));
    if (events.length === 0) {
      const { position, state, revision } = folded;
      return { position, events, ids: [], state, decidedOn: state, revision };
    }
    const ids = events.map(() => randomUUID());
    try {
      const result = await store.append(
        stream,
        events.map((event, index) => ({ id: ids[index], type: event.type, data: event.data, metadata })),
        { expectedRevision: folded.revision },
      );
      const decided = {
        state: events.reduce(decider.evolve, folded.state),
        revision: result.nextRevision,
        position: result.position,
      };
      cache?.remember(stream, decided);
      return { ...decided, decidedOn: folded.state, events, ids };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevision) || attempt >= MAX_ATTEMPTS) throw error;
      await pauseAfterLostRace(attempt);
    }
  }
}

// The two ways handleCommand decides, at module level: a function declared inside it is a new closure per command
// (and under tsx, which keeps function names, a defineProperty on each).

/** The decision on the cached state, or null when there is none, it decides nothing, or it refuses (confirmed on the stream). */
function decideOnCached<State, Command, Event extends { type: string; data: unknown }>(
  stream: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  cache: StreamFoldCache<State> | undefined,
): { folded: FoldedStream<State>; events: Event[] } | null {
  const folded = cache?.peek(stream);
  if (!folded) return null;
  try {
    const events = decider.decide(command, folded.state);
    return events.length > 0 ? { folded, events } : null;
  } catch {
    return null; // decided again on the stream, where a real refusal is thrown
  }
}

/** The decision on the stream as it is now. */
async function decideOnStream<State, Command, Event extends { type: string; data: unknown }>(
  store: EventStore,
  stream: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  { load, cache }: HandleCommandOptions<State>,
): Promise<{ folded: FoldedStream<State>; events: Event[] }> {
  const folded = load
    ? await load(stream)
    : cache
      ? await cache.fold(stream)
      : await foldStream(store, stream, decider);
  return { folded, events: decider.decide(command, folded.state) };
}
