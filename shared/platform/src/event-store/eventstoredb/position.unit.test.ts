import { describe, expect, it } from 'vitest';
import { START } from '../port.ts';
import { decodePosition, encodePosition } from './position.ts';

describe('EventStoreDB positions', () => {
  it('round-trip commit and prepare positions', () => {
    const position = { commit: 18_446_744_073_709_551_615n, prepare: 42n };
    expect(decodePosition(encodePosition(position))).toEqual(position);
  });

  it('order by plain string comparison, commit first, all after START', () => {
    const ordered = [
      { commit: 9n, prepare: 9n },
      { commit: 10n, prepare: 10n },
      { commit: 10n, prepare: 250n },
      { commit: 1_000n, prepare: 1_000n },
    ].map(encodePosition);
    expect([...ordered].reverse().sort()).toEqual(ordered);
    expect(ordered.every((position) => position > START)).toBe(true);
  });

  it('refuses something that is not one of its positions', () => {
    expect(() => decodePosition('12-34')).toThrow(RangeError);
  });
});
