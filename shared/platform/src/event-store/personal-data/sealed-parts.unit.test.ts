import { describe, expect, it } from 'vitest';
import { personalPartsOf } from './personal-fields.ts';
import { ENVELOPE, openPart, sealPart } from './sealed-parts.ts';
import { newPersonalDataKey, seal, SealBroken, unseal } from './sealing.ts';

const metadata = {
  actor: { kind: 'customer' as const, id: 'c-1', email: 'ann@example.com' },
  correlationId: 'r',
  causationId: 'r',
  occurredAt: '2026-01-01T00:00:00.000Z',
  ip: '203.0.113.9',
};
const placed = {
  orderId: 'o-1',
  customerId: 'c-1',
  address: {
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    company: 'Lee Lab',
    phone: '555-0100',
    address1: '1 Main St',
    address2: '',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    useForInvoice: true,
  },
  taxExemptNumber: null,
  taxState: 'TX',
  subtotalCents: 10_000,
  taxCents: 825,
  totalCents: 10_825,
};

describe('personal data parts', () => {
  it('finds the data part by type and customer id, and the metadata part of a customer actor only', () => {
    expect(
      personalPartsOf({ type: 'OrderPlaced', data: placed, metadata }).map(({ part, owner }) => [part, owner]),
    ).toEqual([
      ['data', 'c-1'],
      ['metadata', 'c-1'],
    ]);
    const admin = { ...metadata, actor: { kind: 'admin' as const, id: 'a-1', email: 'boss@example.com' } };
    expect(personalPartsOf({ type: 'OrderConfirmed', data: { orderId: 'o-1' }, metadata: admin })).toEqual([]);
  });

  it('seals the personal fields and opens them back to exactly what was sealed', () => {
    const key = newPersonalDataKey();
    const sealed = sealPart(
      placed,
      'c-1',
      ['address.firstName', 'address.email', 'address.zipCode', 'taxExemptNumber'],
      key,
      'e-1/data',
    );
    expect(JSON.stringify(sealed)).not.toMatch(/Ann|ann@example|78701/);
    expect(sealed).toMatchObject({
      customerId: 'c-1',
      totalCents: 10_825,
      taxExemptNumber: null,
      address: { state: 'TX', lastName: 'Lee' },
    });
    expect((sealed[ENVELOPE] as { paths: string[] }).paths).toEqual([
      'address.firstName',
      'address.email',
      'address.zipCode',
    ]);
    expect(openPart(sealed, key, 'e-1/data')).toEqual(placed);
  });

  it('opens to the erased shape without the key: names and email replaced, the rest blank, amounts and ids kept', () => {
    const sealed = sealPart(
      placed,
      'c-1',
      personalPartsOf({ type: 'OrderPlaced', data: placed, metadata })[0]!.paths,
      newPersonalDataKey(),
      'e-1/data',
    );
    expect(openPart(sealed, 'erased', 'e-1/data')).toEqual({
      ...placed,
      address: {
        firstName: 'Erased',
        lastName: 'customer',
        email: 'erased@invalid',
        company: '',
        phone: '',
        address1: '',
        address2: '',
        city: '',
        state: 'TX',
        zipCode: '',
        useForInvoice: true,
      },
    });
  });

  it('refuses a tampered ciphertext, another key, and a seal moved to another event', () => {
    const key = newPersonalDataKey();
    const sealed = sealPart(metadata, 'c-1', ['actor.email', 'ip'], key, 'e-1/metadata');
    const envelope = sealed[ENVELOPE] as { sealed: string };
    const bytes = Buffer.from(envelope.sealed, 'base64');
    bytes[bytes.length - 1]! ^= 1;
    const tampered = { ...sealed, [ENVELOPE]: { ...envelope, sealed: bytes.toString('base64') } };
    expect(() => openPart(tampered, key, 'e-1/metadata')).toThrow(SealBroken);
    expect(() => openPart(sealed, newPersonalDataKey(), 'e-1/metadata')).toThrow(SealBroken);
    expect(() => openPart(sealed, key, 'e-2/metadata')).toThrow(SealBroken);
    expect(openPart(sealed, key, 'e-1/metadata')).toEqual(metadata);
  });

  it('seals every value under a nonce of its own, also across the refills of the nonce buffer', () => {
    const key = newPersonalDataKey();
    const sealedValues = Array.from({ length: 3_000 }, (_, index) =>
      seal(key, ['ann@example.com'], `e-${index}/metadata`),
    );
    const nonces = sealedValues.map((sealed) => Buffer.from(sealed, 'base64').subarray(0, 12).toString('hex'));
    expect(new Set(nonces).size).toBe(sealedValues.length);
    sealedValues.forEach((sealed, index) =>
      expect(unseal(key, sealed, `e-${index}/metadata`)).toEqual(['ann@example.com']),
    );
  });
});
