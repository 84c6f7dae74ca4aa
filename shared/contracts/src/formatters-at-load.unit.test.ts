import { describe, expect, it } from 'vitest';

/**
 * Money and business days build their Intl formatters once, when their module loads. Imported inside the test,
 * so a broken formatter fails this test (a module that fails to load fails its importers before any test runs,
 * which mutation testing's vitest runner reports as no test at all).
 */
describe('formatters built at load', () => {
  it('load, and format dollars and New York days', async () => {
    const { formatUsd } = await import('./money.ts');
    const { businessDay, businessDayStart } = await import('./orders/business-day.ts');
    expect(formatUsd(123_450)).toBe('$1,234.50');
    expect(businessDay('2026-11-24T04:59:59.999Z')).toBe('2026-11-23');
    expect(businessDayStart('2026-07-04').toISOString()).toBe('2026-07-04T04:00:00.000Z');
  });
});
