import { DomainError } from '@labshop/contracts/domain-error';
import type { CertificateDocument, TaxExemptionEvent } from '@labshop/contracts/tax/exemptions-events';
import { evolveTaxExemption, type TaxExemption } from '@labshop/contracts/orders/tax-exemption';
import type { Decider } from '@labshop/contracts/decider';

export type TaxExemptionCommand =
  | {
      type: 'FileTaxExemption';
      customerId: string;
      certificateId: string;
      state: string;
      number: string;
      document: CertificateDocument | null;
      at: Date;
    }
  | { type: 'VerifyTaxExemption'; customerId: string; certificateId: string; at: Date }
  | { type: 'RejectTaxExemption'; customerId: string; certificateId: string; reason: string; at: Date };

export const taxExemptionDecisionMessages = {
  none: 'This customer has no tax exemption certificate on file',
  replaced: 'The customer filed a newer certificate after you opened this one. Reload to review the new one.',
  decided: (status: TaxExemption['status']) => `This certificate was ${status} already`,
};

/** The certificate staff decide on: the current one, still under review. */
function underReview(state: TaxExemption | null, certificateId: string): TaxExemption {
  if (!state) throw new DomainError('not_found', taxExemptionDecisionMessages.none);
  if (state.certificateId !== certificateId)
    throw new DomainError('conflict', taxExemptionDecisionMessages.replaced, undefined, {
      certificateId: state.certificateId,
    });
  if (state.status !== 'under-review')
    throw new DomainError('conflict', taxExemptionDecisionMessages.decided(state.status), undefined, {
      status: state.status,
    });
  return state;
}

/**
 * A customer's tax exemption: they file a certificate (a new one replaces the last and is reviewed
 * again); staff verify or reject the current one while it is under review.
 */
export const taxExemptionDecider: Decider<TaxExemption | null, TaxExemptionCommand, TaxExemptionEvent> = {
  initialState: () => null,
  evolve: evolveTaxExemption,
  decide(command, state) {
    const at = command.at.toISOString();
    switch (command.type) {
      case 'FileTaxExemption': {
        const { customerId, certificateId, state: issuedBy, number, document } = command;
        return [
          {
            type: 'TaxExemptionFiled',
            data: { customerId, certificateId, state: issuedBy, number, document, filedAt: at },
          },
        ];
      }
      case 'VerifyTaxExemption':
        underReview(state, command.certificateId);
        return [
          {
            type: 'TaxExemptionVerified',
            data: { customerId: command.customerId, certificateId: command.certificateId, verifiedAt: at },
          },
        ];
      case 'RejectTaxExemption':
        underReview(state, command.certificateId);
        return [
          {
            type: 'TaxExemptionRejected',
            data: {
              customerId: command.customerId,
              certificateId: command.certificateId,
              reason: command.reason,
              rejectedAt: at,
            },
          },
        ];
    }
  },
};
