import { describe, expect, it } from 'vitest';
import { actorLabel, formatDeskTime, taxLabel } from './desk-format.ts';

describe('order desk wording', () => {
  it('shows times on the New York business day, around midnight too', () => {
    expect(formatDeskTime('2026-11-24T04:59:00.000Z')).toBe('Nov 23, 2026, 11:59 PM EST');
    expect(formatDeskTime('2026-11-24T05:00:00.000Z')).toBe('Nov 24, 2026, 12:00 AM EST');
  });

  it('names who did something: the admin by email, the customer as such, the system, a visitor', () => {
    expect(actorLabel({ kind: 'admin', id: 'a1', email: 'desk.admin@labshop.test' })).toBe('desk.admin@labshop.test');
    expect(actorLabel({ kind: 'customer', id: 'c1', email: 'amos@example.com' })).toBe('the customer (amos@example.com)');
    expect(actorLabel({ kind: 'system', id: 'invoices', email: '' })).toBe('the system');
    expect(actorLabel({ kind: 'anonymous', id: '', email: '' })).toBe('a visitor who was not signed in');
  });

  it('states the tax as the order was charged: its state and rate, or the exemption', () => {
    expect(taxLabel({ taxState: 'LA', taxRateBasisPoints: 1012, taxExemptNumber: null })).toBe('Sales tax (LA 10.12%)');
    expect(taxLabel({ taxState: 'TX', taxRateBasisPoints: 625, taxExemptNumber: ' TX-EX-9 ' })).toBe('Sales tax (exempt: TX-EX-9)');
  });
});
