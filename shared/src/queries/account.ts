import { z } from 'zod';
import { orderAddressView, orderInvoiceView, orderView } from './orders.ts';
import { inboxEntry } from './inbox.ts';

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
  filledFromLatestOrder: z.boolean().describe('The customer never saved a profile: it is filled from their latest order, to be saved'),
});

/**
 * 'Download my data' (CCPA/GDPR access and portability): everything the shop keeps about the signed-in
 * customer, from the read models, as one JSON document. Invoices are listed (their PDFs download from
 * My Orders); inquiries and contact messages are those sent from the account's email.
 */
export const accountDataExport = z.object({
  exportedAt: z.string(),
  account: accountProfileResponse.omit({ filledFromLatestOrder: true }).extend({ registeredAt: z.string(), activated: z.boolean() }),
  savedAddress: orderAddressView.extend({ taxExemptNumber: z.string().nullable(), fromOrderId: z.string() }).nullable().describe("The address of the latest order, which checkout offers next"),
  orders: z.array(orderView.extend({ kind: z.enum(['order', 'quote']) })),
  invoices: z.array(orderInvoiceView.extend({ orderId: z.string(), orderNumber: z.string() })),
  inquiries: z.array(inboxEntry.omit({ answeredBy: true })),
});

export type AccountDataExport = z.infer<typeof accountDataExport>;
