import { describe, expect, it } from 'vitest';
import { CELL_LINE_AUTHENTICATION as STR } from '@labshop/contracts/service-facts';
import { fixedServices } from './fixed-services.ts';

describe('fixed service pages', () => {
  it('the cell-line authentication page states the shared facts, as the seeded service does (QA: "17 loci" here, "16" there)', () => {
    const page = fixedServices.find((service) => service.path === 'cell-line-identification-&-authentication-services');
    const text = JSON.stringify(page);
    expect(text).toContain(STR.strLoci);
    expect(page?.turnaround.startsWith(STR.turnaround)).toBe(true);
    expect(text).toContain(STR.standard);
    const counts = new Set(text.match(/\d+ (?:autosomal )?(?:STR )?loci/g));
    expect([...counts]).toEqual([STR.strLoci.match(/\d+ (?:autosomal )?(?:STR )?loci/)?.[0]]);
  });
});
