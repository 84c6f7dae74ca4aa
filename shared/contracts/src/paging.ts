import { z } from 'zod';

/**
 * The one rule for a list read a page at a time: `page` from 1, `pageSize` up to the list's own bound,
 * both from the query string (coerced) with the same messages on every list; the answer says which page it is.
 */
export function pageParams({
  maxPage = 10_000,
  maxPageSize,
  defaultPageSize,
}: {
  maxPage?: number;
  maxPageSize: number;
  defaultPageSize: number;
}) {
  return {
    page: z.coerce
      .number({ error: 'Page must be a number' })
      .int('Page must be a whole number')
      .min(1, 'Page starts at 1')
      .max(maxPage, 'Page is too large')
      .default(1),
    pageSize: z.coerce
      .number({ error: 'Page size must be a number' })
      .int('Page size must be a whole number')
      .min(1, 'Page size is at least 1')
      .max(maxPageSize, `Page size is at most ${maxPageSize}`)
      .default(defaultPageSize),
  };
}

/** Where a page stands in its list: the answer's `page` and `pageSize` as asked, and `total`, every match. */
export const pagePosition = {
  total: z.number().int().describe('Every match with the filters applied'),
  page: z.number().int(),
  pageSize: z.number().int(),
};
