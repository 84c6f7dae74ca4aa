import type { EventStore } from './port.ts';
import { onLocalAppends, type LocallyAppended } from './local-appends.ts';
import { subscriptionRuntime } from './subscription-runtime.ts';

/** An event as an in-memory fold gets it: from the store's subscription runtime, or just appended by this process. */
export type FollowedEvent = Pick<LocallyAppended, 'type' | 'stream' | 'revision' | 'data'>;

export interface Followed {
  /** Settles once the fold has read the log up to the runtime's reader; rejects while it cannot follow the log. */
  ready(): Promise<void>;
}

/**
 * Keeps an in-memory fold of some event types current, with no read per request, as an agent of the store's
 * subscription runtime (its position in memory): `apply` gets every event of `types` in the log's order (`inOrder`
 * true, so a fold may take one past a gap of other types), and this process's own appends the moment they commit
 * (`inOrder` false: a fold takes only its stream's next revision, as the runtime brings the same event again later).
 * Listening starts before the first read, so nothing appended meanwhile is missed; a store that does not tell of its
 * appends rejects `ready`. A change made through another instance holds here within the runtime's lag.
 */
export function followInMemory(
  store: EventStore,
  types: readonly string[],
  apply: (event: FollowedEvent, inOrder: boolean) => void,
): Followed {
  try {
    onLocalAppends(store, (events) =>
      events.filter((event) => types.includes(event.type)).forEach((event) => apply(event, false)),
    );
  } catch (error) {
    return { ready: () => Promise.reject(error) };
  }
  const running = subscriptionRuntime(store).start([
    {
      name: `in-memory fold of ${types.join(', ')}`,
      types,
      handle: async ({ events }) => events.forEach((event) => apply(event, true)),
    },
  ]);
  return { ready: () => running.caughtUp() };
}

/** One follower per event store, so every caller shares it without wiring: started by the first caller. */
export function followerPerStore<F>(start: (store: EventStore) => F): (store: EventStore) => F {
  const byStore = new WeakMap<EventStore, F>();
  return (store) => {
    let follower = byStore.get(store);
    if (!follower) byStore.set(store, (follower = start(store)));
    return follower;
  };
}

/**
 * Streams' states as a follower folds them (`followInMemory`'s `apply`), by stream name, each with the revision of the
 * last event folded into it: an event is taken if it is its stream's next one, or, `inOrder` (the log's order, which
 * skips events of other types), any later one.
 */
export class StreamFolds<State, Event> {
  private readonly folds = new Map<string, { state: State; revision: number }>();

  constructor(private readonly fold: { initialState(): State; evolve(state: State, event: Event): State }) {}

  apply(event: FollowedEvent, inOrder: boolean): void {
    const folded = this.folds.get(event.stream);
    const revision = folded?.revision ?? -1;
    if (inOrder ? event.revision <= revision : event.revision !== revision + 1) return;
    this.folds.set(event.stream, {
      state: this.fold.evolve(folded?.state ?? this.fold.initialState(), event as Event),
      revision: event.revision,
    });
  }

  /** The stream's state as folded so far (its initial state before any event). */
  state(stream: string): State {
    return this.folds.get(stream)?.state ?? this.fold.initialState();
  }

  /** The revision of the stream's last event folded, -1 before any. */
  revision(stream: string): number {
    return this.folds.get(stream)?.revision ?? -1;
  }

  /** Forgets the stream (its next event folds from the initial state). */
  forget(stream: string): void {
    this.folds.delete(stream);
  }
}
