import { describe, expect, it } from 'vitest';
import { DomainError } from '@labshop/platform/domain-error';
import type { TaxExemptionEvent } from '@labshop/contracts/tax/exemptions-events';
import { exemptionClaimFor } from '@labshop/contracts/orders/tax-exemption';
import { isPlausibleCertificateNumber } from '@labshop/contracts/tax/exemptions-commands';
import { taxExemptionDecider, taxExemptionDecisionMessages, type TaxExemptionCommand } from './decider.ts';

const customerId = 'c-1';
const at = new Date('2026-11-27T15:00:00.000Z');
const fold = (events: TaxExemptionEvent[]) =>
  events.reduce(taxExemptionDecider.evolve, taxExemptionDecider.initialState());
const decide = (command: TaxExemptionCommand, events: TaxExemptionEvent[]) =>
  taxExemptionDecider.decide(command, fold(events));
const filed = (certificateId: string): TaxExemptionEvent => ({
  type: 'TaxExemptionFiled',
  data: { customerId, certificateId, state: 'TX', number: 'TX-1234567', document: null, filedAt: at.toISOString() },
});
const refusal = (command: TaxExemptionCommand, events: TaxExemptionEvent[]) => {
  try {
    decide(command, events);
  } catch (error) {
    return error instanceof DomainError ? [error.kind, error.message] : error;
  }
  return 'decided';
};

describe('tax exemption decider', () => {
  it('files a certificate under review; a later filing replaces it', () => {
    const events = decide(
      {
        type: 'FileTaxExemption',
        customerId,
        certificateId: 'a',
        state: 'TX',
        number: 'TX-1234567',
        document: null,
        at,
      },
      [],
    );
    expect(events).toEqual([filed('a')]);
    expect(
      fold([
        filed('a'),
        { type: 'TaxExemptionVerified', data: { customerId, certificateId: 'a', verifiedAt: at.toISOString() } },
        filed('b'),
      ]),
    ).toMatchObject({ certificateId: 'b', status: 'under-review' });
  });

  it('verifies or rejects only the current certificate, and only while it is under review', () => {
    expect(decide({ type: 'VerifyTaxExemption', customerId, certificateId: 'a', at }, [filed('a')])).toEqual([
      { type: 'TaxExemptionVerified', data: { customerId, certificateId: 'a', verifiedAt: at.toISOString() } },
    ]);
    expect(refusal({ type: 'VerifyTaxExemption', customerId, certificateId: 'a', at }, [])).toEqual([
      'not_found',
      taxExemptionDecisionMessages.none,
    ]);
    expect(
      refusal({ type: 'VerifyTaxExemption', customerId, certificateId: 'a', at }, [filed('a'), filed('b')]),
    ).toEqual(['conflict', taxExemptionDecisionMessages.replaced]);
    const rejected: TaxExemptionEvent = {
      type: 'TaxExemptionRejected',
      data: { customerId, certificateId: 'a', reason: 'Expired', rejectedAt: at.toISOString() },
    };
    expect(fold([filed('a'), rejected])).toMatchObject({ status: 'rejected', reason: 'Expired' });
    expect(refusal({ type: 'VerifyTaxExemption', customerId, certificateId: 'a', at }, [filed('a'), rejected])).toEqual(
      ['conflict', taxExemptionDecisionMessages.decided('rejected')],
    );
  });

  it('claims exemption only for a verified certificate of the order’s state', () => {
    const verified = fold([
      filed('a'),
      { type: 'TaxExemptionVerified', data: { customerId, certificateId: 'a', verifiedAt: at.toISOString() } },
    ]);
    expect(exemptionClaimFor(verified, 'TX')).toBe('TX-1234567');
    expect(exemptionClaimFor(verified, 'LA')).toBeNull();
    expect(exemptionClaimFor(fold([filed('a')]), 'TX')).toBeNull();
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
