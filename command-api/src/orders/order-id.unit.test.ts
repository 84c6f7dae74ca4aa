import { describe, expect, it } from 'vitest';
import { orderIdFor, uuidV5 } from './order-id.ts';

const DNS_NAMESPACE = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';

describe('order id', () => {
  it('is a standard version 5 uuid (the RFC example for www.example.com in the DNS namespace)', () => {
    expect(uuidV5('www.example.com', DNS_NAMESPACE)).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('is the same for the same customer and key, and differs for another customer or key', () => {
    const key = '0b5e8f3c-4a1d-4c7e-9f00-1234567890ab';
    const id = orderIdFor('customer-1', key);
    expect(orderIdFor('customer-1', key.toUpperCase())).toBe(id);
    expect(orderIdFor('customer-2', key)).not.toBe(id);
    expect(orderIdFor('customer-1', '1b5e8f3c-4a1d-4c7e-9f00-1234567890ab')).not.toBe(id);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
