import { randomUUID } from 'node:crypto';
import { WrongExpectedRevision, type EventMetadata, type EventStore, type NewEvent, type RecordedEvent } from '@labshop/shared/event-store/port';

/**
 * How one kind of account (admins, customers) reserves a normalised email: a stream per email whose
 * first event names the account id. Uniqueness is decided by the event store itself, never by a read model.
 */
export interface EmailReservation {
  stream(email: string): string;
  reserved(accountId: string, email: string): Omit<NewEvent, 'metadata'>;
  /** The account id a reservation event names; null for any other event. */
  accountIdOf(event: RecordedEvent): string | null;
}

/** The account holding this (normalised) email, or null when nobody reserved it. */
export async function reservedAccountId(store: EventStore, reservation: EmailReservation, email: string): Promise<string | null> {
  for await (const event of store.readStream(reservation.stream(email))) {
    const accountId = reservation.accountIdOf(event);
    if (accountId) return accountId;
  }
  return null;
}

/**
 * The account id that holds `email`, reserving it for a new id when nobody has. The reservation is
 * appended only to a stream that does not exist yet, so of any number of concurrent sign-ups for one
 * email exactly one reservation lands and all of them agree on its account id. A reservation whose
 * registration never followed (a crash in between) is completed by the next attempt for that email.
 */
export async function reserveEmail(
  store: EventStore,
  reservation: EmailReservation,
  email: string,
  metadata: (accountId: string) => EventMetadata,
): Promise<string> {
  const existing = await reservedAccountId(store, reservation, email);
  if (existing) return existing;
  const candidateId = randomUUID();
  try {
    await store.append(reservation.stream(email), [{ ...reservation.reserved(candidateId, email), metadata: metadata(candidateId) }], { expectedRevision: 'no_stream' });
    return candidateId;
  } catch (error) {
    if (!(error instanceof WrongExpectedRevision)) throw error;
    const winner = await reservedAccountId(store, reservation, email);
    if (!winner) throw error;
    return winner;
  }
}
