import { z } from 'zod';
import { orderAddressView, orderInvoiceView, orderView } from '../orders/queries.ts';
import { inboxEntry } from '../inbox/queries.ts';
import { cartView } from '../carts/queries.ts';
import type { CustomerProfileFields, CustomerTitle } from './events.ts';
import { readModel, type StoredDocument } from '../read-model.ts';

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
  filledFromLatestOrder: z
    .boolean()
    .describe('The customer never saved a profile: it is filled from their latest order, to be saved'),
});

/** One thing the customer did, with what the shop recorded of the request: when, what, where it is kept, from which address and browser. */
export const accountAction = z.object({
  at: z.string(),
  action: z.string().describe("The event it recorded, e.g. 'OrderPlaced'"),
  stream: z.string().describe('Where it is kept: the account, the cart, an order, an inquiry or contact message'),
  ip: z.string().nullable().describe('The client address the request came from, as the shop recorded it (not hashed)'),
  userAgent: z.string().nullable(),
});

/**
 * 'Download my data' (CCPA/GDPR access and portability): every personal record the shop keeps about the
 * signed-in customer, as one JSON document: the account and profile, the saved address, orders and
 * quotes, invoices (listed; their PDFs download from My Orders), the cart, the inquiries and contact
 * messages sent from the account's email or an email their orders were addressed to, and every action of
 * theirs with the address and browser recorded with it.
 */
export const accountDataExport = z.object({
  exportedAt: z.string(),
  account: accountProfileResponse
    .omit({ filledFromLatestOrder: true })
    .extend({ registeredAt: z.string(), activated: z.boolean() }),
  savedAddress: orderAddressView
    .extend({ taxExemptNumber: z.string().nullable(), fromOrderId: z.string() })
    .nullable()
    .describe('The address of the latest order, which checkout offers next'),
  orders: z.array(orderView.extend({ kind: z.enum(['order', 'quote']) })),
  invoices: z.array(orderInvoiceView.extend({ orderId: z.string(), orderNumber: z.string() })),
  cart: cartView.describe('The signed-in cart as it stands (empty once it expired)'),
  inquiries: z.array(inboxEntry.omit({ answeredBy: true })),
  actions: z.array(accountAction).describe('Oldest first'),
});

export type AccountDataExport = z.infer<typeof accountDataExport>;

/**
 * One document per customer, for My Account and My Profile. It holds no password hash and no token
 * hash: the events that carry them are either not read here or read for other fields only. Orders will
 * feed the profile too (the spec fills it from the latest order), once there are orders.
 */
export interface CustomerProfile extends StoredDocument {
  customerId: string;
  email: string;
  title: CustomerTitle;
  firstName: string;
  lastName: string;
  newsletter: boolean;
  activated: boolean;
  profile: CustomerProfileFields;
  registeredAt: string;
  updatedAt: string;
}

export const customerProfilesReadModel = readModel<CustomerProfile>('customer-profiles');
