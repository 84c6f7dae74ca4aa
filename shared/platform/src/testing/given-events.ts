import type { Actor, EventMetadata, EventStore, Position } from '../event-store/port.ts';

/** The admin every read-side test acts as: its events carry this actor, its session names it. */
export const TEST_ADMIN: Actor = {
  kind: 'admin',
  id: '00000000-0000-4000-8000-0000000ad001',
  email: 'admin@labshop.test',
};

/** Metadata as a command sent by `actor` now would have recorded it. */
export function testMetadata(actor: Actor = TEST_ADMIN): EventMetadata {
  const requestId = crypto.randomUUID();
  return { actor, correlationId: requestId, causationId: requestId, occurredAt: new Date().toISOString() };
}

/**
 * Appends events straight to `stream`, as if commands had been decided, so a read-side or reactor test
 * starts from history and does not depend on the command API's validation. Answers the position of the
 * last event, for a read that must see them (`x-labshop-position`).
 */
export async function givenEvents<Event extends { type: string; data: unknown }>(
  eventStore: EventStore,
  stream: string,
  events: readonly Event[],
  actor: Actor = TEST_ADMIN,
): Promise<Position> {
  const metadata = testMetadata(actor);
  const { position } = await eventStore.append(
    stream,
    events.map(({ type, data }) => ({ type, data, metadata })),
    { expectedRevision: 'any' },
  );
  return position;
}

/**
 * `givenEvents` recorded at a chosen moment (`metadata.occurredAt`), for tests of time: the ledger as of a
 * moment, time travel. The store keeps whatever time the metadata says, as it does a command's clock.
 */
export async function givenEventsAt<Event extends { type: string; data: unknown }>(
  eventStore: EventStore,
  stream: string,
  at: Date,
  events: readonly Event[],
  actor: Actor = TEST_ADMIN,
): Promise<Position> {
  const metadata = { ...testMetadata(actor), occurredAt: at.toISOString() };
  const { position } = await eventStore.append(
    stream,
    events.map(({ type, data }) => ({ type, data, metadata })),
    { expectedRevision: 'any' },
  );
  return position;
}
