import { randomUUID } from 'node:crypto';
import type { EventMetadata, EventStore } from '@labshop/shared/event-store/port';
import { WrongExpectedRevision } from '@labshop/shared/event-store/port';
import { customerEmailStream, customerStream, type CustomerEvent, type CustomerStreamEvent } from '@labshop/shared/events/customers';
import { customerDecider, type CustomerState } from './decider.ts';

interface Reservation {
  /** The customer holding the email, or null while it is free. */
  customerId: string | null;
  /** The reservation stream's revision, for the next conditional append. */
  revision: number | 'no_stream';
}

/** The reservation stream's last word: reserved for a customer, released, or never touched. */
async function readReservation(store: EventStore, email: string): Promise<Reservation> {
  let reservation: Reservation = { customerId: null, revision: 'no_stream' };
  for await (const event of store.readStream(customerEmailStream(email))) {
    const { customerId } = event.data as Extract<CustomerEvent, { type: 'CustomerEmailReserved' }>['data'];
    reservation = { customerId: event.type === 'CustomerEmailReserved' ? customerId : null, revision: event.revision };
  }
  return reservation;
}

/** The customer holding this (normalised) email: decided from the reservation stream, never from a read model. */
export async function reservedCustomerId(store: EventStore, email: string): Promise<string | null> {
  return (await readReservation(store, email)).customerId;
}

export async function loadCustomer(store: EventStore, customerId: string): Promise<CustomerState> {
  let state = customerDecider.initialState();
  for await (const event of store.readStream(customerStream(customerId))) {
    state = customerDecider.evolve(state, { type: event.type, data: event.data } as CustomerStreamEvent);
  }
  return state;
}

/** The customer an email belongs to, or the unregistered state when nobody registered it (yet). */
export async function customerByEmail(store: EventStore, email: string): Promise<CustomerState> {
  const customerId = await reservedCustomerId(store, email);
  return customerId ? loadCustomer(store, customerId) : { status: 'unregistered' };
}

export interface ReservedEmail {
  customerId: string;
  /** Set when this call made the reservation: the revision it landed at, for `releaseEmail`. */
  reservedAt?: number;
}

/**
 * The customer id that holds `email`, reserving it for a new id when nobody has. The reservation is
 * appended only at the revision read, so of any number of concurrent sign-ups for one email exactly
 * one reservation lands and all of them agree on its customer id. A reservation whose registration
 * never followed (a crash in between) is completed by the next sign-up for that email.
 */
export async function reserveEmail(store: EventStore, email: string, metadata: (customerId: string) => EventMetadata): Promise<ReservedEmail> {
  const current = await readReservation(store, email);
  if (current.customerId) return { customerId: current.customerId };
  const candidateId = randomUUID();
  try {
    const { nextRevision } = await store.append(
      customerEmailStream(email),
      [{ type: 'CustomerEmailReserved', data: { customerId: candidateId, email }, metadata: metadata(candidateId) }],
      { expectedRevision: current.revision },
    );
    return { customerId: candidateId, reservedAt: nextRevision };
  } catch (error) {
    if (!(error instanceof WrongExpectedRevision)) throw error;
    const winner = await reservedCustomerId(store, email);
    if (!winner) throw error;
    return { customerId: winner };
  }
}

/**
 * Frees an email this registration reserved when the registration did not land, so a failed sign-up
 * leaves nothing behind. Only while the reservation is still the stream's last event and its account
 * stream still empty: a concurrent sign-up that registered on it keeps it.
 */
export async function releaseEmail(store: EventStore, email: string, reservation: ReservedEmail, metadata: EventMetadata): Promise<void> {
  if (reservation.reservedAt === undefined) return;
  if ((await loadCustomer(store, reservation.customerId)).status !== 'unregistered') return;
  await store
    .append(customerEmailStream(email), [{ type: 'CustomerEmailReleased', data: { customerId: reservation.customerId, email }, metadata }], {
      expectedRevision: reservation.reservedAt,
    })
    .catch((error: unknown) => {
      if (!(error instanceof WrongExpectedRevision)) throw error;
    });
}
