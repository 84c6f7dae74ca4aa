import { z } from 'zod';
import type { StoredDocument } from '../read-model.ts';
import type { TaxExemption } from '../orders/tax-exemption.ts';
import { readModel } from '../read-model.ts';

export const taxExemptionStatuses = ['under-review', 'verified', 'rejected'] as const;

/** A customer's tax exemption certificate as the customer sees it. */
export const taxExemptionView = z.object({
  certificateId: z.string(),
  state: z.string().describe('Two-letter code of the state that issued the certificate'),
  number: z.string(),
  hasDocument: z.boolean().describe('Whether a PDF of the certificate was uploaded'),
  status: z
    .enum(taxExemptionStatuses)
    .describe('Orders are taxed until it is verified; then orders shipped to its state are tax free'),
  filedAt: z.string(),
  decidedAt: z.string().nullable(),
  reason: z.string().describe("Staff's reason when rejected, else ''"),
});

export const accountTaxExemptionResponse = z.object({ exemption: taxExemptionView.nullable() });

/** The back office's list: whose it is and who decided. */
export const adminTaxExemptionView = taxExemptionView.extend({
  customerId: z.string(),
  customerEmail: z.string(),
  decidedBy: z.string(),
});
export const adminTaxExemptionsResponse = z.object({
  exemptions: z.array(adminTaxExemptionView).describe('Oldest filing first'),
});
export const adminTaxExemptionsQuery = z.object({ status: z.enum(taxExemptionStatuses).optional() });

export type TaxExemptionView = z.infer<typeof taxExemptionView>;
export type AdminTaxExemptionView = z.infer<typeof adminTaxExemptionView>;
export type AdminTaxExemptionsQuery = z.infer<typeof adminTaxExemptionsQuery>;

/**
 * One document per customer who filed a tax exemption certificate (id = the customer id), folded with
 * the command API's own fold: the customer's My Account and checkout read theirs, the back office lists
 * them by `status` (certificates under review first). An erased customer's document is deleted.
 */
export interface TaxExemptionDocument extends StoredDocument, TaxExemption {
  customerId: string;
  /** The email of the account that filed it, lower case (the back office's list shows who). */
  customerEmail: string;
  /** The admin who verified or rejected it; '' while under review. */
  decidedBy: string;
}

export const taxExemptionsReadModel = readModel<TaxExemptionDocument>('tax-exemptions', ['status']);
