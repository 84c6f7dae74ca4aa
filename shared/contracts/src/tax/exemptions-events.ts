import { everyEventType } from '../every-event-type.ts';

/**
 * A customer's sales-tax exemption as a record, in `tax-exemption-<customerId>`: the customer files a
 * certificate (the state that issued it, its number, optionally its PDF), staff verify or reject it
 * (the admin is the event's actor). Filing again replaces the certificate and starts a new review. An
 * order claims exemption only while a certificate for the order's state is verified (orders/tax-exemption.ts).
 */
export const taxExemptionStream = (customerId: string) => `tax-exemption-${customerId}`;

/** The certificate's PDF as stored (content-addressed, `<sha256>.pdf` in `<DATA_DIR>/tax-certificates`). */
export interface CertificateDocument {
  sha256: string;
  size: number;
}

export type TaxExemptionEvent =
  | {
      type: 'TaxExemptionFiled';
      data: {
        customerId: string;
        certificateId: string;
        state: string;
        number: string;
        document: CertificateDocument | null;
        filedAt: string;
      };
    }
  | { type: 'TaxExemptionVerified'; data: { customerId: string; certificateId: string; verifiedAt: string } }
  | {
      type: 'TaxExemptionRejected';
      data: { customerId: string; certificateId: string; reason: string; rejectedAt: string };
    };

export const taxExemptionEventTypes = everyEventType<TaxExemptionEvent['type']>()([
  'TaxExemptionFiled',
  'TaxExemptionVerified',
  'TaxExemptionRejected',
]);
