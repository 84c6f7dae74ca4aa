import { describe, expect, it } from 'vitest';
import {
  auditFiltersFromSearch,
  auditRequest,
  hasAuditFilters,
  noAuditFilters,
  searchFromAuditFilters,
} from './audit-filters.ts';

describe('audit log filters in the URL', () => {
  it('round-trip through the search string, leaving out what is not set', () => {
    const filters = {
      ...noAuditFilters,
      actor: 'ann@lab.test',
      action: 'product-renamed',
      from: '2026-05-01T10:00:00.000Z',
      page: 3,
    };
    const search = searchFromAuditFilters(filters);
    expect(search.toString()).toBe(
      'actor=ann%40lab.test&action=product-renamed&from=2026-05-01T10%3A00%3A00.000Z&page=3',
    );
    expect(auditFiltersFromSearch(search)).toEqual(filters);
    expect(hasAuditFilters(filters)).toBe(true);
    expect(hasAuditFilters(noAuditFilters)).toBe(false);
  });

  it('starts at page 1 for a missing or nonsensical page', () => {
    expect(auditFiltersFromSearch(new URLSearchParams('page=abc')).page).toBe(1);
    expect(auditFiltersFromSearch(new URLSearchParams('page=-2')).page).toBe(1);
  });

  it('asks the API for the set filters only', () => {
    expect(auditRequest({ ...noAuditFilters, entityType: 'order', page: 2 }, 25)).toEqual({
      entityType: 'order',
      page: 2,
      pageSize: 25,
    });
  });
});
