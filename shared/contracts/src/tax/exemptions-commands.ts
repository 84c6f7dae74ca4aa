import { z } from 'zod';
import { isUsStateCode } from '../us-states.ts';
import { entityId, requiredText } from '../fields.ts';

/** 5 MB: a scanned certificate; more is not a certificate. */
export const CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024;

export const taxExemptionMessages = {
  number:
    'Certificate number must be 4 to 20 letters, digits or dashes with at least 3 digits, as printed on the certificate',
  state: 'Please choose the state that issued the certificate',
  notPdf: 'The certificate must be a PDF file',
  tooBig: 'The certificate PDF must be at most 5 MB',
  scripted: 'PDFs with JavaScript or embedded actions are not accepted',
};

/**
 * A plausible certificate number: 4 to 20 letters, digits and single dashes, at least 3 digits, not all
 * zeros. Refuses what made an order tax free before: 'x', 'N/A', '0', invisible characters.
 */
export function isPlausibleCertificateNumber(number: string): boolean {
  return (
    /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/.test(number) &&
    number.length >= 4 &&
    number.length <= 20 &&
    (number.match(/\d/g) ?? []).length >= 3 &&
    /[1-9A-Za-z]/.test(number.replace(/-/g, ''))
  );
}

/** Filing a certificate on the account (JSON; the PDF, optional, as base64). */
export const fileTaxExemptionInput = z.strictObject({
  state: z
    .string({ error: taxExemptionMessages.state })
    .trim()
    .refine((code) => isUsStateCode(code), taxExemptionMessages.state),
  number: z
    .string({ error: taxExemptionMessages.number })
    .trim()
    .toUpperCase()
    .refine(isPlausibleCertificateNumber, taxExemptionMessages.number),
  pdfBase64: z
    .string()
    .max(Math.ceil(CERTIFICATE_MAX_BYTES / 3) * 4 + 4, taxExemptionMessages.tooBig)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, taxExemptionMessages.notPdf)
    .optional(),
});

export const verifyTaxExemptionInput = z.strictObject({ certificateId: entityId('Certificate') });
export const rejectTaxExemptionInput = z.strictObject({
  certificateId: entityId('Certificate'),
  reason: requiredText('Reason', 500),
});
export const taxExemptionCustomerParams = z.object({ customerId: entityId('Customer') });

export type FileTaxExemptionInput = z.infer<typeof fileTaxExemptionInput>;

/** A certificate filed or decided: where it stands now. */
export const taxExemptionDecidedResponse = z.object({
  certificateId: z.string(),
  status: z.enum(['under-review', 'verified', 'rejected']),
  position: z.string(),
});
export type TaxExemptionDecidedAnswer = z.infer<typeof taxExemptionDecidedResponse>;
