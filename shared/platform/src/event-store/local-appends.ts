import { randomUUID } from 'node:crypto';
import type { EventMetadata, EventStore } from './port.ts';

/** An event this process appended, as it was given to the store (personal data in the clear), with its place in its stream. */
export interface LocallyAppended {
  id: string;
  type: string;
  stream: string;
  revision: number;
  data: unknown;
  metadata: EventMetadata;
}

export type AppendListener = (events: readonly LocallyAppended[]) => void;

const listenersOf = new WeakMap<EventStore, Set<AppendListener>>();

/**
 * The store, telling its listeners (`onLocalAppends`) of every append made through it as soon as it has
 * committed: an in-memory fold fed by a subscription (session generations) takes in this process's own
 * writes at once instead of within the subscription's lag, so a sign-out answered here holds here for the very
 * next request. Every event gets its id here, so the subscription's later copy is recognised.
 */
export function withLocalAppendListeners(inner: EventStore): EventStore {
  const listeners = new Set<AppendListener>();
  const store: EventStore = {
    async append(stream, events, options) {
      const identified = events.map((event) => (event.id ? event : { ...event, id: randomUUID() }));
      const result = await inner.append(stream, identified, options);
      const first = result.nextRevision - identified.length + 1;
      const appended = identified.map(({ id, type, data, metadata }, index) => ({
        id: id!,
        type,
        stream,
        revision: first + index,
        data,
        metadata,
      }));
      for (const listener of listeners) listener(appended);
      return result;
    },
    readStream: (stream, options) => inner.readStream(stream, options),
    readAll: (options) => inner.readAll(options),
    subscribe: (options, handler) => inner.subscribe(options, handler),
    headPosition: () => inner.headPosition(),
    checkPosition: (position) => inner.checkPosition(position),
    close: () => inner.close(),
  };
  listenersOf.set(store, listeners);
  return store;
}

/** Listens to the appends made through `store` (made by withLocalAppendListeners); returns how to stop. */
export function onLocalAppends(store: EventStore, listener: AppendListener): () => void {
  const listeners = listenersOf.get(store);
  if (!listeners)
    throw new Error(
      'This event store does not tell of its appends: open it with withLocalAppendListeners (openStores does)',
    );
  listeners.add(listener);
  return () => listeners.delete(listener);
}
