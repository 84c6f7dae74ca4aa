import type { EventMetadata, EventStore } from '@labshop/platform/event-store/port';
import { customerEmailStream } from '@labshop/platform/auth/email-streams';
import { customerStream, type CustomerEvent } from '@labshop/contracts/customers/events';
import { foldStream } from '@labshop/platform/deciders/handle-command';
import {
  releaseEmail as releaseAccountEmail,
  releaseErasedAccountEmail,
  reservedAccountId,
  reserveEmail as reserveAccountEmail,
  type EmailReservation,
  type ReservedEmail,
} from '../email-reservation.ts';
import type { FoldedCustomer } from '@labshop/contracts/customers/fold-customer';
import { customerDecider } from './decider.ts';

const customerEmails: EmailReservation = {
  stream: customerEmailStream,
  reserved: (customerId, email) => ({ type: 'CustomerEmailReserved', data: { customerId, email } }),
  released: (customerId, email) => ({ type: 'CustomerEmailReleased', data: { customerId, email } }),
  accountIdOf: (event) =>
    event.type === 'CustomerEmailReserved'
      ? (event.data as Extract<CustomerEvent, { type: 'CustomerEmailReserved' }>['data']).customerId
      : null,
};

/** The customer holding this (normalised) email: decided from the reservation stream, never from a read model. */
export const reservedCustomerId = (store: EventStore, email: string) => reservedAccountId(store, customerEmails, email);

export async function loadCustomer(store: EventStore, customerId: string): Promise<FoldedCustomer> {
  return (await foldStream(store, customerStream(customerId), customerDecider)).state;
}

/** The customer an email belongs to, or the unregistered state when nobody registered it (yet). */
export async function customerByEmail(store: EventStore, email: string): Promise<FoldedCustomer> {
  const customerId = await reservedCustomerId(store, email);
  return customerId ? loadCustomer(store, customerId) : { status: 'unregistered' };
}

/** The customer id that holds `email`, reserving it for a new customer when nobody has (see email-reservation.ts). */
export const reserveEmail = (store: EventStore, email: string, metadata: (customerId: string) => EventMetadata) =>
  reserveAccountEmail(store, customerEmails, email, metadata);

/** Frees an email whose registration did not land (see email-reservation.ts). */
export const releaseEmail = (store: EventStore, email: string, reserved: ReservedEmail, metadata: EventMetadata) =>
  releaseAccountEmail(
    store,
    customerEmails,
    email,
    reserved,
    async () => (await loadCustomer(store, reserved.accountId)).status === 'unregistered',
    metadata,
  );

/** Frees an erased customer's email for a new registration (see email-reservation.ts). */
export const releaseErasedEmail = (store: EventStore, email: string, customerId: string, metadata: EventMetadata) =>
  releaseErasedAccountEmail(store, customerEmails, email, customerId, metadata);
