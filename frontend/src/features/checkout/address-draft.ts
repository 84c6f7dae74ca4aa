import type { BillingAddressInput, OrderAddressInput } from '@labshop/contracts/orders/commands';
import type { SavedAddressView } from '@labshop/contracts/orders/queries';
import { usStateCodeOf } from '@labshop/contracts/us-states';

export type AddressDraft = OrderAddressInput;
export type BillingDraft = BillingAddressInput;

interface SignedInCustomer {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * The address form's starting values: the customer's saved address (last order, else profile) where it
 * has one, their name from the session otherwise. The email is always the signed-in one (read-only), and
 * a state the list does not know is cleared (spec §5).
 */
export function initialAddressDraft(customer: SignedInCustomer, saved: SavedAddressView | null): AddressDraft {
  const savedOr = (value: string | undefined, fallback: string) =>
    value !== undefined && value.trim() !== '' ? value : fallback;
  return {
    firstName: savedOr(saved?.firstName, customer.firstName),
    lastName: savedOr(saved?.lastName, customer.lastName),
    email: customer.email,
    company: saved?.company ?? '',
    taxExemptNumber: '',
    phone: saved?.phone ?? '',
    address1: saved?.address1 ?? '',
    address2: saved?.address2 ?? '',
    city: saved?.city ?? '',
    state: usStateCodeOf(saved?.state ?? ''),
    zipCode: saved?.zipCode ?? '',
    useForInvoice: saved?.useForInvoice ?? true,
  };
}

/**
 * The billing form's starting values: the last order's own billing address where it had one, else the
 * signed-in customer's name and email with the rest blank.
 */
export function initialBillingDraft(customer: SignedInCustomer, saved: SavedAddressView | null): BillingDraft {
  const billing = saved?.billingAddress;
  if (billing) return { ...billing, state: usStateCodeOf(billing.state) };
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    company: '',
    phone: '',
    address1: '',
    address2: '',
    city: '',
    state: '',
    zipCode: '',
  };
}
