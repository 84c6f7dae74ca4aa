import { describe, expect, it } from 'vitest';
import { csvCell } from './csv.ts';

describe('CSV cells', () => {
  it('quotes a cell that holds a separator of any locale, a quote or a line break', () => {
    expect(csvCell('x;=1+1')).toBe('"x;=1+1"');
    expect(csvCell('Lee, Ann')).toBe('"Lee, Ann"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses and quotes a cell starting like a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('leaves plain text bare, or quotes everything when asked', () => {
    expect(csvCell('PO-7')).toBe('PO-7');
    expect(csvCell('1+1=2')).toBe('1+1=2');
    expect(csvCell('PO-7', 'always')).toBe('"PO-7"');
  });
});
