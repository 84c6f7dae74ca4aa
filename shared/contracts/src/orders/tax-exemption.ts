import type { CertificateDocument, TaxExemptionEvent } from '../tax/exemptions-events.ts';

export type TaxExemptionStatus = 'under-review' | 'verified' | 'rejected';

/** A customer's current certificate and where its review stands; null before one is filed. */
export interface TaxExemption {
  certificateId: string;
  /** Two-letter code of the state that issued it. */
  state: string;
  number: string;
  document: CertificateDocument | null;
  status: TaxExemptionStatus;
  filedAt: string;
  /** When staff verified or rejected it; null while under review. */
  decidedAt: string | null;
  /** Staff's reason for a rejection ('' otherwise). */
  reason: string;
}

/** The fold of `tax-exemption-<customerId>`: the command API decides from it, the read model keeps it, checkout reads it. */
export function evolveTaxExemption(state: TaxExemption | null, event: TaxExemptionEvent): TaxExemption | null {
  switch (event.type) {
    case 'TaxExemptionFiled': {
      const { certificateId, state: issuedBy, number, document, filedAt } = event.data;
      return {
        certificateId,
        state: issuedBy,
        number,
        document,
        status: 'under-review',
        filedAt,
        decidedAt: null,
        reason: '',
      };
    }
    case 'TaxExemptionVerified':
      return state && state.certificateId === event.data.certificateId
        ? { ...state, status: 'verified', decidedAt: event.data.verifiedAt, reason: '' }
        : state;
    case 'TaxExemptionRejected':
      return state && state.certificateId === event.data.certificateId
        ? { ...state, status: 'rejected', decidedAt: event.data.rejectedAt, reason: event.data.reason }
        : state;
  }
}

/**
 * The one rule for claiming exemption: the certificate is verified and issued by the state the order is
 * taxed in. Anything else (none, under review, rejected, another state) is charged the state's tax.
 * Answers the certificate number an exempt order records, or null.
 */
export function exemptionClaimFor(
  exemption: Pick<TaxExemption, 'status' | 'state' | 'number'> | null | undefined,
  taxState: string,
): string | null {
  return exemption?.status === 'verified' && exemption.state === taxState ? exemption.number : null;
}

/** What the checkout, the terms and the README say about it, in one wording. */
export const TAX_EXEMPTION_RULE =
  'Sales tax is charged on every order until a tax exemption certificate filed under My Account has been verified by our staff; from then on, orders shipped to the state that issued the certificate are tax free.';
