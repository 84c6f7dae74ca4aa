import { describe, expect, it } from 'vitest';
import { checkoutOrderId, uuidV5 } from './order-id.ts';

const DNS_NAMESPACE = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';

describe('order id', () => {
  it('is a standard version 5 uuid (the RFC example for www.example.com in the DNS namespace)', () => {
    expect(uuidV5('www.example.com', DNS_NAMESPACE)).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('is the same for the same customer, cart checkout and attempt, and differs when any of them differs', () => {
    const id = checkoutOrderId('customer-1', 0, 0);
    expect(checkoutOrderId('customer-1', 0, 0)).toBe(id);
    expect(checkoutOrderId('customer-2', 0, 0)).not.toBe(id);
    expect(checkoutOrderId('customer-1', 1, 0)).not.toBe(id);
    expect(checkoutOrderId('customer-1', 0, 1)).not.toBe(id);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
