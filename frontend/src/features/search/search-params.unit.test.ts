import { describe, expect, it } from 'vitest';
import { priceBandLabel, refined, searchFromParams, searchParamsFrom } from './search-params.ts';

describe('search params in the URL', () => {
  it('reads every filter, sort and page, and drops what is malformed', () => {
    const params = searchParamsFrom(
      new URLSearchParams(
        'q=%20pipette%20&category=c1&subproduct=s1&inStock=true&minCents=5000&maxCents=10000&sort=price-asc&page=3',
      ),
    );
    expect(params).toEqual({
      q: 'pipette',
      category: 'c1',
      subproduct: 's1',
      inStock: true,
      minCents: 5000,
      maxCents: 10000,
      sort: 'price-asc',
      page: 3,
    });
    expect(searchParamsFrom(new URLSearchParams('q=x&inStock=yes&minCents=-1&maxCents=1.5&sort=cheap&page=0'))).toEqual(
      {
        q: 'x',
        category: '',
        subproduct: '',
        inStock: false,
        minCents: null,
        maxCents: null,
        sort: 'relevance',
        page: 1,
      },
    );
  });

  it('writes only what is set, and reads back the same', () => {
    const params = searchParamsFrom(new URLSearchParams('q=tips&inStock=true&sort=name&page=2'));
    expect(searchFromParams(params).toString()).toBe('q=tips&inStock=true&sort=name&page=2');
    expect(searchFromParams(searchParamsFrom(new URLSearchParams('q=tips'))).toString()).toBe('q=tips');
  });

  it('goes back to the first page when a filter changes', () => {
    const params = searchParamsFrom(new URLSearchParams('q=tips&page=4'));
    expect(refined(params, { inStock: true })).toMatchObject({ inStock: true, page: 1 });
  });

  it('labels price bands in dollars', () => {
    expect(priceBandLabel(0, 5_000)).toBe('Under $50.00');
    expect(priceBandLabel(5_000, 10_000)).toBe('$50.00 – $100.00');
    expect(priceBandLabel(50_000, null)).toBe('$500.00 and up');
  });
});
