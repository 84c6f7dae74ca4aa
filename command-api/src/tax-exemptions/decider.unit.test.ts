import { describe, expect, it } from 'vitest';
import { spec } from '@labshop/contracts/testing/decider-spec';
import type { TaxExemptionEvent } from '@labshop/contracts/tax/exemptions-events';
import { exemptionClaimFor } from '@labshop/contracts/orders/tax-exemption';
import { isPlausibleCertificateNumber } from '@labshop/contracts/tax/exemptions-commands';
import { taxExemptionDecider, taxExemptionDecisionMessages } from './decider.ts';

const customerId = 'c-1';
const at = new Date('2026-11-27T15:00:00.000Z');
const exemptions = spec(taxExemptionDecider);
const filed = (certificateId: string): TaxExemptionEvent => ({
  type: 'TaxExemptionFiled',
  data: { customerId, certificateId, state: 'TX', number: 'TX-1234567', document: null, filedAt: at.toISOString() },
});

describe('tax exemption decider', () => {
  it('files a certificate under review; a later filing replaces it', () => {
    exemptions
      .given([])
      .when({
        type: 'FileTaxExemption',
        customerId,
        certificateId: 'a',
        state: 'TX',
        number: 'TX-1234567',
        document: null,
        at,
      })
      .then([filed('a')]);
    expect(
      exemptions
        .given([
          filed('a'),
          { type: 'TaxExemptionVerified', data: { customerId, certificateId: 'a', verifiedAt: at.toISOString() } },
          filed('b'),
        ])
        .state(),
    ).toMatchObject({ certificateId: 'b', status: 'under-review' });
  });

  it('verifies or rejects only the current certificate, and only while it is under review', () => {
    const verify = { type: 'VerifyTaxExemption', customerId, certificateId: 'a', at } as const;
    exemptions
      .given([filed('a')])
      .when(verify)
      .then([{ type: 'TaxExemptionVerified', data: { customerId, certificateId: 'a', verifiedAt: at.toISOString() } }]);
    exemptions.given([]).when(verify).thenThrows('not_found', { message: taxExemptionDecisionMessages.none });
    exemptions
      .given([filed('a'), filed('b')])
      .when(verify)
      .thenThrows('conflict', { message: taxExemptionDecisionMessages.replaced });
    const rejected: TaxExemptionEvent = {
      type: 'TaxExemptionRejected',
      data: { customerId, certificateId: 'a', reason: 'Expired', rejectedAt: at.toISOString() },
    };
    expect(exemptions.given([filed('a'), rejected]).state()).toMatchObject({ status: 'rejected', reason: 'Expired' });
    exemptions
      .given([filed('a'), rejected])
      .when(verify)
      .thenThrows('conflict', { message: taxExemptionDecisionMessages.decided('rejected') });
  });

  it('claims exemption only for a verified certificate of the order’s state', () => {
    const verified = exemptions
      .given([
        filed('a'),
        { type: 'TaxExemptionVerified', data: { customerId, certificateId: 'a', verifiedAt: at.toISOString() } },
      ])
      .state();
    expect(exemptionClaimFor(verified, 'TX')).toBe('TX-1234567');
    expect(exemptionClaimFor(verified, 'LA')).toBeNull();
    expect(exemptionClaimFor(exemptions.given([filed('a')]).state(), 'TX')).toBeNull();
    expect(exemptionClaimFor(null, 'TX')).toBeNull();
  });

  it('finds a certificate number plausible only with 4 to 20 letters, digits and dashes, at least 3 digits, not all zeros', () => {
    for (const number of ['TX-1234567', '12345678', 'ST-12-345', 'A1B2C3'])
      expect(isPlausibleCertificateNumber(number), number).toBe(true);
    for (const number of [
      'x',
      'N/A',
      '0',
      '0000',
      '00-00',
      '\u200b1234',
      '12',
      'AB',
      '-123',
      '123-',
      '12--34',
      'A'.repeat(21),
    ])
      expect(isPlausibleCertificateNumber(number), number).toBe(false);
  });
});
