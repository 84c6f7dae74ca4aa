import { describe, expect, it } from 'vitest';
import { CELL_LINE_AUTHENTICATION as STR } from '@labshop/contracts/service-facts';
import { demoServices } from './demo-services.ts';

describe('demo services', () => {
  it('the cell-line authentication service states the shared facts, as its fixed page does (QA: "16 loci" here, "17" there)', () => {
    const cellLines = demoServices.find((service) => service.category === 'Cell Line Authentication');
    const text = cellLines?.content ?? '';
    expect(text).toContain(STR.strLoci);
    expect(text).toContain(STR.turnaround);
    expect(text).toContain(STR.standard);
    // No other count of loci anywhere in it.
    expect(text.match(/\d+ (?:autosomal )?(?:STR )?loci/g)).toEqual([
      STR.strLoci.match(/\d+ (?:autosomal )?(?:STR )?loci/)?.[0],
    ]);
  });
});
