import type { EventMetadata, EventStore, ExpectedRevision, Position } from '@labshop/shared/event-store/port';
import { WrongExpectedRevision } from '@labshop/shared/event-store/port';
import type { Decider } from './decider.ts';

// A lost race is decided again on the fresh stream, which is always safe: the decider sees the
// winner's events (an entity's own version check turns a real conflict into a 409). Many attempts,
// with a growing random pause, so concurrent edits of different entities in one stream all land.
const MAX_ATTEMPTS = 25;
const pauseAfterLostRace = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));

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

/**
 * Reads the stream, decides, and appends with the revision it read. A concurrent append to the same
 * stream makes it read and decide again (the decision may differ now); after a few lost races the
 * conflict reaches the caller as 409.
 * Returns the position of the last event appended, or of the stream's last event when the command
 * changed nothing, so the caller can wait for its read models either way.
 */
export async function handleCommand<State, Command, Event extends { type: string; data: unknown }>(
  store: EventStore,
  stream: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  metadata: EventMetadata,
): Promise<{ position: Position; events: Event[] }> {
  for (let attempt = 1; ; attempt++) {
    const { state, revision, position } = await foldStream(store, stream, decider);
    const events = decider.decide(command, state);
    if (events.length === 0) return { position, events };
    try {
      const result = await store.append(
        stream,
        events.map((event) => ({ type: event.type, data: event.data, metadata })),
        { expectedRevision: revision },
      );
      return { position: result.position, events };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevision) || attempt >= MAX_ATTEMPTS) throw error;
      await pauseAfterLostRace(attempt);
    }
  }
}
