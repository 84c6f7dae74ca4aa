import { describe, expect, it } from 'vitest';
import { isUsStateCode, stateName, usStateCodeOf } from './us-states.ts';

describe('US states', () => {
  it('name a state by its code, and leave a code the list does not know as it is', () => {
    expect(stateName('LA')).toBe('Louisiana');
    expect(stateName('DC')).toBe('District of Columbia');
    expect(stateName('PR')).toBe('PR');
  });

  it('read a code or a name, in any case, as the code; anything else as none', () => {
    expect(usStateCodeOf('Louisiana')).toBe('LA');
    expect(usStateCodeOf(' district of columbia ')).toBe('DC');
    expect(usStateCodeOf('la')).toBe('LA');
    expect(usStateCodeOf('Puerto Rico')).toBe('');
    expect(usStateCodeOf('')).toBe('');
    expect(isUsStateCode('LA')).toBe(true);
    expect(isUsStateCode('Louisiana')).toBe(false);
  });
});
