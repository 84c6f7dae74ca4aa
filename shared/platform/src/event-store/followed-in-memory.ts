import { START, type EventStore, type Position } from './port.ts';
import { onLocalAppends, type LocallyAppended } from './local-appends.ts';

/** An event as an in-memory fold gets it: read from the log, from a subscription, or just appended by this process. */
export type FollowedEvent = Pick<LocallyAppended, 'type' | 'stream' | 'revision' | 'data'>;

export interface Followed {
  /** Settles once every event of the types written before the start has been applied (rejects if that read fails). */
  readonly ready: Promise<void>;
  /** The subscription ended (its store closed, or a batch failed): the next caller starts a new follower. */
  readonly ended: boolean;
}

/**
 * Keeps an in-memory fold of some event types current, with no read per request: `apply` gets every event of `types`
 * in the log before `ready` settles, then a subscription's from there (`inOrder` true: in the log's order, so a fold
 * may take one past a gap of other types), and this process's own appends the moment they commit (`inOrder` false:
 * a fold takes only its stream's next revision, as a subscription may bring the same event again later). Listening
 * starts before the first read, so nothing appended meanwhile is missed; a store that does not tell of its appends
 * rejects `ready`. A change made through another instance holds here within the subscription's lag.
 */
export function followInMemory(
  store: EventStore,
  types: readonly string[],
  apply: (event: FollowedEvent, inOrder: boolean) => void,
): Followed {
  let checkpoint: Position = START;
  let ended = false;
  let stopListening = () => {};
  const ready = (async () => {
    stopListening = onLocalAppends(store, (events) => events.forEach((event) => apply(event, false)));
    for await (const event of store.readAll({ types })) {
      apply(event, true);
      checkpoint = event.position;
    }
  })();
  const end = () => {
    ended = true;
    stopListening();
  };
  ready.then(() => {
    const subscription = store.subscribe({ after: checkpoint, types }, async (events) => {
      for (const event of events) apply(event, true);
    });
    subscription.done.then(end, end);
  }, end);
  return {
    ready,
    get ended() {
      return ended;
    },
  };
}

/** One follower per event store, so every caller shares it without wiring: started by the first caller, and again by the first after it ended. */
export function followerPerStore<F extends Followed>(start: (store: EventStore) => F): (store: EventStore) => F {
  const byStore = new WeakMap<EventStore, F>();
  return (store) => {
    let follower = byStore.get(store);
    if (!follower || follower.ended) {
      follower = start(store);
      byStore.set(store, follower);
    }
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
