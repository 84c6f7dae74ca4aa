import { describe, expect, it } from 'vitest';
import { recorded, replay } from '../testing/replay.ts';
import { orderPlaced, testAddress } from '../testing/order-events.ts';
import { customerAddresses } from './projection.ts';

describe('customer-addresses projection', () => {
  it("keeps the address of each customer's latest order", async () => {
    const moved = { ...testAddress, address1: '9 New St', city: 'Baton Rouge', zipCode: '70801' };
    const addresses = await replay(customerAddresses, [
      orderPlaced('o-001', 'c1', '2026-11-20T10:00:00.000Z'),
      orderPlaced('o-002', 'c2', '2026-11-21T10:00:00.000Z', { taxExemptNumber: 'EX-9' }),
      orderPlaced('o-003', 'c1', '2026-11-22T10:00:00.000Z', { address: moved }),
      recorded('QuoteRequested', {
        orderId: 'o-003',
        customerId: 'c1',
        company: '',
        name: '',
        poNumber: '',
        requestedAt: '2026-11-22T10:01:00.000Z',
      }),
    ]);
    expect(addresses.get('c1')).toMatchObject({
      customerId: 'c1',
      address: moved,
      taxExemptNumber: null,
      orderId: 'o-003',
      placedAt: '2026-11-22T10:00:00.000Z',
    });
    expect(addresses.get('c2')).toMatchObject({ address: testAddress, taxExemptNumber: 'EX-9', orderId: 'o-002' });
    expect(addresses.size).toBe(2);
  });
});
