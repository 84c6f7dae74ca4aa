import type { CustomerAddress } from '@labshop/contracts/orders/queries';
import type { CustomerProfileFields } from '@labshop/contracts/customers/events';
import { usStateCodeOf } from '@labshop/contracts/us-states';

/** A profile nobody has saved yet: every field empty. */
export const isUnsavedProfile = (profile: CustomerProfileFields) =>
  Object.values(profile).every((value) => value === '');

/**
 * My Profile filled from the customer's latest order (the spec's "filled from the latest order"), for a
 * customer who never saved one: the order's name, company, tax exempt number and address (the state by its code, as
 * every address keeps it).
 */
export function profileFromOrder({
  address,
  taxExemptNumber,
}: Pick<CustomerAddress, 'address' | 'taxExemptNumber'>): CustomerProfileFields {
  return {
    fullName: `${address.firstName} ${address.lastName}`.trim(),
    company: address.company,
    vatNumber: taxExemptNumber ?? '',
    phone: address.phone,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    state: usStateCodeOf(address.state),
    zipCode: address.zipCode,
  };
}
