import { z } from 'zod';
import { optionalText, requiredText } from './fields.ts';
import { isUsStateCode } from './us-states.ts';
import type { BillingAddress } from './orders/events.ts';

/**
 * The postal part of every address a customer types: checkout's shipping and billing addresses and My Profile.
 * One set of rules and messages (spec §5); the state is one of the 50 states or DC by its two-letter code.
 */
export const postalAddressFields = {
  phone: requiredText('Phone number', 30).regex(
    /^[0-9+()\-.\s]*$/,
    'Phone number may only contain digits, spaces and + ( ) - .',
  ),
  address1: requiredText('Address', 200),
  address2: optionalText('Address 2', 200).default(''),
  city: requiredText('City', 100),
  state: z
    .string({ error: 'State is required' })
    .trim()
    .min(1, 'State is required')
    .refine((code) => isUsStateCode(code), 'Please choose a state from the list'),
  zipCode: requiredText('Zip code', 10).regex(/^\d{5}(-\d{4})?$/, 'Zip code must be 5 digits (or ZIP+4)'),
};

/** What an address label shows: an order's address (shipping or billing) without its email. */
export type LabelledAddress = Omit<BillingAddress, 'email'>;

/** 'Baton Rouge, LA 70801': the city line of every address shown (pages, documents). */
export const cityLine = ({ city, state, zipCode }: Pick<LabelledAddress, 'city' | 'state' | 'zipCode'>) =>
  // An erased customer's address keeps only its state: "NY", never ", NY ".
  [city, [state, zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** The lines of an address block (order confirmation, the order desk): the person, company, street, city line, phone. */
export const addressLines = (address: LabelledAddress): string[] =>
  [
    `${address.firstName} ${address.lastName}`,
    address.company,
    address.address1,
    address.address2,
    cityLine(address),
    address.phone,
  ].filter((line) => line !== '');
