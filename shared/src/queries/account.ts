import { z } from 'zod';

/** Response shape of the signed-in customer's own account (the customer-profiles read model, no hashes). */

export const accountProfileFields = z.object({
  fullName: z.string(),
  company: z.string(),
  vatNumber: z.string(),
  phone: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
});

export const accountProfileResponse = z.object({
  customerId: z.string(),
  email: z.string(),
  title: z.enum(['Mr', 'Ms']),
  firstName: z.string(),
  lastName: z.string(),
  newsletter: z.boolean(),
  profile: accountProfileFields,
});
