import { randomUUID } from 'node:crypto';
import type { EventMetadata, EventStore } from '@labshop/shared/event-store/port';
import { WrongExpectedRevision } from '@labshop/shared/event-store/port';
import { customerEmailStream, customerStream, type CustomerEvent, type CustomerStreamEvent } from '@labshop/shared/events/customers';
import { customerDecider, type CustomerState } from './decider.ts';

/** The customer holding this (normalised) email: decided from the reservation stream, never from a read model. */
export async function reservedCustomerId(store: EventStore, email: string): Promise<string | null> {
  for await (const event of store.readStream(customerEmailStream(email))) {
    if (event.type === 'CustomerEmailReserved') return (event.data as Extract<CustomerEvent, { type: 'CustomerEmailReserved' }>['data']).customerId;
  }
  return null;
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

/**
 * The customer id that holds `email`, reserving it for `candidateId` when nobody has. The reservation
 * is appended only to a stream that does not exist yet, so of any number of concurrent sign-ups for one
 * email exactly one reservation lands and all of them agree on its customer id. A reservation whose
 * registration never followed (a crash in between) is completed by the next sign-up for that email.
 */
export async function reserveEmail(store: EventStore, email: string, metadata: (customerId: string) => EventMetadata): Promise<string> {
  const existing = await reservedCustomerId(store, email);
  if (existing) return existing;
  const candidateId = randomUUID();
  try {
    await store.append(customerEmailStream(email), [{ type: 'CustomerEmailReserved', data: { customerId: candidateId, email }, metadata: metadata(candidateId) }], {
      expectedRevision: 'no_stream',
    });
    return candidateId;
  } catch (error) {
    if (!(error instanceof WrongExpectedRevision)) throw error;
    const winner = await reservedCustomerId(store, email);
    if (!winner) throw error;
    return winner;
  }
}
