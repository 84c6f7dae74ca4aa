import type { CustomerEvent } from '@labshop/contracts/customers/events';
import { evolveCustomer, noCustomer, type FoldedCustomer } from '@labshop/contracts/customers/fold-customer';
import { customerProfilesReadModel, type CustomerProfile } from '@labshop/contracts/customers/account-queries';
import { eventGuard } from '@labshop/contracts/every-event-type';
import type { Projection } from '@labshop/platform/read-store/projection';

/** The customer events the profiles read; their union is derived from this list, so the two cannot disagree. */
const profileEventTypes = [
  'CustomerRegistered',
  'CustomerActivated',
  'CustomerProfileChanged',
  'CustomerErased',
] as const satisfies readonly CustomerEvent['type'][];

type ProfileEvent = Extract<CustomerEvent, { type: (typeof profileEventTypes)[number] }>;

const isProfileEvent = eventGuard<ProfileEvent>(profileEventTypes);

/** The customer's fold (`evolveCustomer`, the decider's) without its credentials, with the times its events were recorded. */
export const customerProfiles: Projection<CustomerProfile> = {
  ...customerProfilesReadModel,
  // 2: a state saved by its name (profiles before issue 38) is kept as its code.
  version: 2,

  documentIds(event) {
    return isProfileEvent(event) ? [event.data.customerId] : [];
  },

  project(document, event) {
    if (!isProfileEvent(event)) return document;
    const customer = evolveCustomer(foldedFrom(document), event);
    // Nothing of an erased customer's account is shown anywhere.
    if (customer.status !== 'registered') return null;
    const at = event.metadata.occurredAt;
    const { customerId, recipient, newsletter, activated, profile } = customer;
    return {
      id: customerId,
      customerId,
      ...recipient,
      newsletter,
      activated,
      profile,
      registeredAt: document?.registeredAt ?? at,
      updatedAt: at,
    };
  },
};

/** The fold a document was built from; the document keeps no credentials, which the profiles never read. */
function foldedFrom(document: CustomerProfile | null): FoldedCustomer {
  if (!document) return noCustomer();
  const { customerId, email, title, firstName, lastName, newsletter, activated, profile } = document;
  const credentials = { passwordHash: '', activationToken: null, returnTo: null, resetToken: null };
  return {
    status: 'registered',
    customerId,
    recipient: { email, title, firstName, lastName },
    newsletter,
    activated,
    profile,
    credentials,
  };
}
