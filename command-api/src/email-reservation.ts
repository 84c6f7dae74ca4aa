import { randomUUID } from 'node:crypto';
import {
  WrongExpectedRevision,
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '@labshop/platform/event-store/port';

/**
 * How one kind of account (admins, customers) reserves a normalised email: a stream per email whose
 * last reservation event names the account id holding it (a release frees it). Uniqueness is decided by
 * the event store itself, never by a read model.
 */
export interface EmailReservation {
  stream(email: string): string;
  reserved(accountId: string, email: string): Omit<NewEvent, 'metadata'>;
  /** Frees the email of a registration that did not land; kinds that never release leave it out. */
  released?(accountId: string, email: string): Omit<NewEvent, 'metadata'>;
  /** The account id a reservation event names; null for a release. */
  accountIdOf(event: RecordedEvent): string | null;
}

interface ReservationState {
  /** The account holding the email, or null while it is free. */
  accountId: string | null;
  /** The stream's revision, for the next conditional append. */
  revision: number | 'no_stream';
}

async function readReservation(
  store: EventStore,
  reservation: EmailReservation,
  email: string,
): Promise<ReservationState> {
  let state: ReservationState = { accountId: null, revision: 'no_stream' };
  for await (const event of store.readStream(reservation.stream(email))) {
    state = { accountId: reservation.accountIdOf(event), revision: event.revision };
  }
  return state;
}

/** The account holding this (normalised) email, or null when nobody holds it. */
export async function reservedAccountId(
  store: EventStore,
  reservation: EmailReservation,
  email: string,
): Promise<string | null> {
  return (await readReservation(store, reservation, email)).accountId;
}

export interface ReservedEmail {
  accountId: string;
  /** Set when this call made the reservation: the revision it landed at, for `releaseEmail`. */
  reservedAt?: number;
}

/**
 * The account id that holds `email`, reserving it for a new id when nobody has. The reservation is
 * appended only at the revision read, so of any number of concurrent sign-ups for one email exactly
 * one reservation lands and all of them agree on its account id. A reservation whose registration
 * never followed (a crash in between) is completed by the next attempt for that email.
 */
export async function reserveEmail(
  store: EventStore,
  reservation: EmailReservation,
  email: string,
  metadata: (accountId: string) => EventMetadata,
): Promise<ReservedEmail> {
  const current = await readReservation(store, reservation, email);
  if (current.accountId) return { accountId: current.accountId };
  const candidateId = randomUUID();
  try {
    const { nextRevision } = await store.append(
      reservation.stream(email),
      [{ ...reservation.reserved(candidateId, email), metadata: metadata(candidateId) }],
      { expectedRevision: current.revision },
    );
    return { accountId: candidateId, reservedAt: nextRevision };
  } catch (error) {
    if (!(error instanceof WrongExpectedRevision)) throw error;
    const winner = await reservedAccountId(store, reservation, email);
    if (!winner) throw error;
    return { accountId: winner };
  }
}

/**
 * Frees an email this call reserved when its registration did not land, so a failed sign-up leaves
 * nothing behind. Only while the reservation is still the stream's last event (`stillUnregistered`
 * says the account stream is still empty): a concurrent sign-up that registered on it keeps it.
 */
export async function releaseEmail(
  store: EventStore,
  reservation: EmailReservation,
  email: string,
  reserved: ReservedEmail,
  stillUnregistered: () => Promise<boolean>,
  metadata: EventMetadata,
): Promise<void> {
  if (reserved.reservedAt === undefined || !reservation.released) return;
  if (!(await stillUnregistered())) return;
  await store
    .append(reservation.stream(email), [{ ...reservation.released(reserved.accountId, email), metadata }], {
      expectedRevision: reserved.reservedAt,
    })
    .catch((error: unknown) => {
      if (!(error instanceof WrongExpectedRevision)) throw error;
    });
}

/**
 * Frees the email of an erased account, so its owner may register again; nothing when the reservation
 * names another account by now. Appended after the erasure, so the store writes the email erased.
 */
export async function releaseErasedAccountEmail(
  store: EventStore,
  reservation: EmailReservation,
  email: string,
  accountId: string,
  metadata: EventMetadata,
): Promise<void> {
  const current = await readReservation(store, reservation, email);
  if (current.accountId !== accountId || !reservation.released) return;
  await store
    .append(reservation.stream(email), [{ ...reservation.released(accountId, email), metadata }], {
      expectedRevision: current.revision,
    })
    .catch((error: unknown) => {
      if (!(error instanceof WrongExpectedRevision)) throw error;
    });
}
