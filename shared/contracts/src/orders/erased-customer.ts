/**
 * What an erased customer's personal fields read as (CCPA/GDPR erasure): valid for every schema and read
 * model that shows them. Browser-safe, so the back office can tell an erased customer.
 */
export const ERASED_CUSTOMER = {
  name: 'Erased customer',
  firstName: 'Erased',
  lastName: 'customer',
  email: 'erased@invalid',
} as const;
