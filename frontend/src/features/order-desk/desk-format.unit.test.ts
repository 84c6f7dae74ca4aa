import { describe, expect, it } from 'vitest';
import { actorLabel } from './desk-format.ts';

describe('order desk wording', () => {
  it('names who did something: the admin by email, the customer as such, the system, a visitor', () => {
    expect(actorLabel({ kind: 'admin', id: 'a1', email: 'desk.admin@labshop.test' })).toBe('desk.admin@labshop.test');
    expect(actorLabel({ kind: 'customer', id: 'c1', email: 'amos@example.com' })).toBe(
      'the customer (amos@example.com)',
    );
    expect(actorLabel({ kind: 'system', id: 'invoices', email: '' })).toBe('the system');
    expect(actorLabel({ kind: 'anonymous', id: '', email: '' })).toBe('a visitor who was not signed in');
  });
});
