import { describe, expect, it } from 'vitest';
import { everyEventType } from './every-event-type.ts';

type Letter = 'A' | 'B' | 'C';

// The checks are compile-time: `tsc -p shared` fails if an @ts-expect-error below stops being an error.
describe('everyEventType', () => {
  it('returns a list that names every member of the union', () => {
    expect(everyEventType<Letter>()(['A', 'B', 'C'])).toEqual(['A', 'B', 'C']);
  });

  it('rejects a list that leaves a member out, or names one outside the union', () => {
    // @ts-expect-error 'C' is unlisted
    const missing = everyEventType<Letter>()(['A', 'B']);
    // @ts-expect-error 'D' is not a Letter
    const extra = everyEventType<Letter>()(['A', 'B', 'C', 'D']);
    expect([missing, extra]).toHaveLength(2);
  });
});
