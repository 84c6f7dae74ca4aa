import { emptyCustomerProfile, withProfileChanges, type CustomerEvent } from '@labshop/contracts/customers/events';
import { exhaustive } from '@labshop/contracts/exhaustive';
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

export const customerProfiles: Projection<CustomerProfile> = {
  ...customerProfilesReadModel,
  // 2: a state saved by its name (profiles before issue 38) is kept as its code.
  version: 2,

  documentIds(event) {
    return isProfileEvent(event) ? [event.data.customerId] : [];
  },

  project(customer, event) {
    if (!isProfileEvent(event)) return customer;
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'CustomerRegistered': {
        const { customerId, email, title, firstName, lastName, newsletter } = event.data;
        return {
          id: customerId,
          customerId,
          email,
          title,
          firstName,
          lastName,
          newsletter,
          activated: false,
          profile: emptyCustomerProfile(),
          registeredAt: at,
          updatedAt: at,
        };
      }
      case 'CustomerActivated':
        return customer && { ...customer, activated: true, updatedAt: at };
      case 'CustomerProfileChanged':
        return (
          customer && { ...customer, profile: withProfileChanges(customer.profile, event.data.changes), updatedAt: at }
        );
      case 'CustomerErased':
        // Nothing of an erased customer's account is shown anywhere.
        return null;
      default:
        return exhaustive(event);
    }
  },
};
