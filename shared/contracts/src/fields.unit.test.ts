import { describe, expect, it } from 'vitest';
import { isStorableText, storableLine } from './fields.ts';

describe('storable text', () => {
  it.each([['plain'], ['two\nlines\tand a tab\r\n'], ['an emoji 🧪'], ['é ü ß']])('keeps %j', (text) => {
    expect(isStorableText(text)).toBe(true);
  });

  it.each([['nul \u0000'], ['bell \u0007'], ['delete \u007f'], ['half \ud83e'], ['other half \udde2']])(
    'refuses %j',
    (text) => {
      expect(isStorableText(text)).toBe(false);
    },
  );

  it('keeps one line of it: the unstorable, tabs and line breaks dropped, whole characters kept', () => {
    expect(storableLine('Mozilla/5.0\u0000 (X11;\tLinux)\r\n🧪 \ud83e')).toBe('Mozilla/5.0 (X11;Linux)🧪 ');
  });
});
