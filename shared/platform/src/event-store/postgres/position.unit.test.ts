import { describe, expect, it } from 'vitest';
import { START } from '../port.ts';
import { decodePosition, encodePosition } from './position.ts';

describe('PostgreSQL positions', () => {
  it('round-trip transaction id and sequence value', () => {
    const position = { transactionId: '18446744073709551615', sequence: '9223372036854775807' };
    expect(decodePosition(encodePosition(position))).toEqual(position);
    expect(decodePosition(encodePosition({ transactionId: '745', sequence: '3' }))).toEqual({
      transactionId: '745',
      sequence: '3',
    });
  });

  it('order by plain string comparison, transaction first, all after START', () => {
    const ordered = [
      { transactionId: '99', sequence: '500' },
      { transactionId: '100', sequence: '7' },
      { transactionId: '100', sequence: '12' },
      { transactionId: '1000', sequence: '1' },
    ].map(encodePosition);
    expect([...ordered].reverse().sort()).toEqual(ordered);
    expect(ordered.every((position) => position > START)).toBe(true);
  });

  it('reads START as before every transaction and refuses foreign positions', () => {
    expect(decodePosition(START)).toEqual({ transactionId: '0', sequence: '0' });
    expect(() => decodePosition('00000000000000000012-00000000000000000000034')).toThrow(RangeError);
  });
});
