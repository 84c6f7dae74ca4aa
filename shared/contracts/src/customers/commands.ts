import { z } from 'zod';
import { postalAddressFields } from '../postal-address.ts';
import { returnPath } from './return-paths-commands.ts';
import { email, entityId, optionalText, requiredText, storableString } from '../fields.ts';
import { messageResponse, positionResponse } from '../answers.ts';

/** The storefront's rules (spec §5), worded for the shopper; the frontend validates with these same schemas. */

const personName = (label: string) => requiredText(label, 50).min(2, `${label} must be at least 2 characters`);

const newPassword = storableString('Password', 'Password is required')
  .min(1, 'Password is required')
  .min(6, 'Password must be at least 6 characters')
  .max(200, 'Password must be at most 200 characters');

/** An email typed to ask for a mail (forgot password, resend activation): empty and invalid read differently. */
const requestedEmail = z
  .string({ error: 'Please enter your email address' })
  .trim()
  .toLowerCase()
  .min(1, 'Please enter your email address')
  .pipe(z.email('Please enter a valid email address').max(254, 'Please enter a valid email address'));

const emailToken = storableString('The link', 'The link is incomplete: its token is missing')
  .min(1, 'The link is incomplete: its token is missing')
  .max(200, 'The link is not valid');

export const customerTitles = ['Mr', 'Ms'] as const;

export const registerCustomerInput = z.strictObject({
  title: z.enum(customerTitles, { error: 'Please choose Mr or Ms' }),
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email,
  password: newPassword,
  newsletter: z.boolean({ error: 'Newsletter must be true or false' }).default(false),
  terms: z.literal(true, { error: 'Please agree to the terms and conditions and the privacy policy' }),
  /** Where the activation link sends the shopper back after signing in (registering inside checkout: /order). */
  returnTo: returnPath.optional(),
});
export type RegisterCustomerInput = z.infer<typeof registerCustomerInput>;

export const signInInput = z.strictObject({
  email,
  password: storableString('Password', 'Password is required')
    .min(1, 'Password is required')
    .max(200, 'Password must be at most 200 characters'),
  rememberMe: z.boolean({ error: 'Remember me must be true or false' }).default(false),
});

export const activateAccountInput = z.strictObject({ token: emailToken, email });

export const resendActivationInput = z.strictObject({ email: requestedEmail });

export const forgotPasswordInput = z.strictObject({ email: requestedEmail });

export const resetPasswordInput = z.strictObject({ email, token: emailToken, newPassword });

/** My Profile: the postal address by checkout's rules (the state by its code). */
export const customerProfileInput = z.strictObject({
  fullName: requiredText('Display name', 100),
  company: optionalText('Company', 100),
  vatNumber: optionalText('Tax Exempt Number', 50),
  ...postalAddressFields,
});

/** The customer an admin acts on (erasure). */
export const customerIdParams = z.strictObject({ customerId: entityId('Customer id') });

export type SignInInput = z.infer<typeof signInInput>;
export type ActivateAccountInput = z.infer<typeof activateAccountInput>;
export type ResendActivationInput = z.infer<typeof resendActivationInput>;
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;
export type CustomerProfileInput = z.infer<typeof customerProfileInput>;

/** Field messages of a failed parse, first message per field, as the API's 400 answers carry them. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'body';
    fields[field] ??= issue.message;
  }
  return fields;
}

/** A registration: the mail to activate it is on its way. */
export const registeredResponse = messageResponse.extend(positionResponse.shape);
export type RegisteredAnswer = z.infer<typeof registeredResponse>;

export const activatedResponse = z.object({ success: z.literal(true), message: z.string(), position: z.string() });
export type ActivatedAnswer = z.infer<typeof activatedResponse>;

/** A signed-in customer: the bearer token and who it names. */
export const customerSignInResponse = z.object({
  token: z.string(),
  customer: z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() }),
});
export type CustomerSignInAnswer = z.infer<typeof customerSignInResponse>;
