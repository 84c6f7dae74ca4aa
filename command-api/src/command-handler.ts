import type { EventMetadata, EventStore, ExpectedRevision, Position } from '@labshop/shared/event-store/port';
import { WrongExpectedRevision } from '@labshop/shared/event-store/port';
import type { Decider } from './decider.ts';

const MAX_ATTEMPTS = 3;

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
  /** Folds the stream instead of reading it from its start, e.g. a stream-fold-cache's `fold` for hot streams. */
  load?: (stream: string) => Promise<{ state: State; revision: ExpectedRevision; position: Position }>;
}

/**
 * Reads the stream, decides, and appends with the revision it read. A concurrent append to the same
 * stream makes it read and decide again (the decision may differ now); after a few lost races the
 * conflict reaches the caller as 409.
 * Returns the position of the last event appended, or of the stream's last event when the command
 * changed nothing, so the caller can wait for its read models either way; and the state and revision
 * after the decision, so an answer can be built from them without reading the stream again.
 */
export async function handleCommand<State, Command, Event extends { type: string; data: unknown }>(
  store: EventStore,
  stream: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  metadata: EventMetadata,
  options: HandleCommandOptions<State> = {},
): Promise<{ position: Position; events: Event[]; state: State; revision: ExpectedRevision }> {
  const load = options.load ?? ((name: string) => foldStream(store, name, decider));
  for (let attempt = 1; ; attempt++) {
    const { state, revision, position } = await load(stream);
    const events = decider.decide(command, state);
    if (events.length === 0) return { position, events, state, revision };
    try {
      const result = await store.append(
        stream,
        events.map((event) => ({ type: event.type, data: event.data, metadata })),
        { expectedRevision: revision },
      );
      return { position: result.position, events, state: events.reduce(decider.evolve, state), revision: result.nextRevision };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevision) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
