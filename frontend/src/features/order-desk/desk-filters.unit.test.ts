import { describe, expect, it } from 'vitest';
import { filtersFromSearch, hasFilters, listQueryString, noFilters, searchFromFilters } from './desk-filters.ts';

describe('order desk filters', () => {
  it('reads every filter from the page URL, trimming and upper-casing codes', () => {
    const search = new URLSearchParams(
      'status=Shipped&from=2026-11-01&to=2026-11-23&state=la&search=%20levee%20labs%20&kind=quotes&unpaid=show&backorders=only&awaiting=confirmation&sort=total&direction=asc&page=3',
    );
    expect(filtersFromSearch(search)).toEqual({
      status: 'Shipped',
      from: '2026-11-01',
      to: '2026-11-23',
      state: 'LA',
      search: 'levee labs',
      kind: 'quotes',
      unpaid: true,
      backorders: true,
      awaiting: true,
      sort: 'total',
      direction: 'asc',
      page: 3,
    });
  });

  it('drops malformed dates, kinds and pages instead of sending them on', () => {
    expect(filtersFromSearch(new URLSearchParams('from=yesterday&to=2026-1-1&kind=drafts&page=-2'))).toEqual(noFilters);
    // A day the calendar does not have is malformed too: the API refuses it (the same isIsoDay), so it is not sent.
    expect(filtersFromSearch(new URLSearchParams('from=2026-02-30&to=2026-13-01'))).toEqual(noFilters);
    expect(filtersFromSearch(new URLSearchParams('page=1.5')).page).toBe(1);
    expect(filtersFromSearch(new URLSearchParams('sort=secret&direction=up'))).toEqual(noFilters);
  });

  it('writes only the filters that are set, and the page after the first', () => {
    expect(searchFromFilters(noFilters).toString()).toBe('');
    expect(searchFromFilters({ ...noFilters, search: 'a@b.c', page: 2 }).toString()).toBe('search=a%40b.c&page=2');
    expect(filtersFromSearch(searchFromFilters({ ...noFilters, status: 'On hold', kind: 'orders', page: 4 }))).toEqual({
      ...noFilters,
      status: 'On hold',
      kind: 'orders',
      page: 4,
    });
  });

  it('keeps a sort other than newest first in the URL, with its direction', () => {
    expect(searchFromFilters({ ...noFilters, sort: 'placedAt', direction: 'asc' }).toString()).toBe(
      'sort=placedAt&direction=asc',
    );
    expect(searchFromFilters({ ...noFilters, sort: 'customer', direction: 'desc' }).toString()).toBe(
      'sort=customer&direction=desc',
    );
  });

  it('always asks the API for a page and its size', () => {
    expect(listQueryString(noFilters)).toBe('page=1&pageSize=20');
    expect(listQueryString({ ...noFilters, search: '59349', page: 2 })).toBe('search=59349&page=2&pageSize=20');
  });

  it('knows whether any filter narrows the list', () => {
    expect(hasFilters({ ...noFilters, page: 5 })).toBe(false);
    expect(hasFilters({ ...noFilters, sort: 'total', direction: 'asc' })).toBe(false);
    expect(hasFilters({ ...noFilters, awaiting: true })).toBe(true);
    expect(hasFilters({ ...noFilters, state: 'LA' })).toBe(true);
  });
});
