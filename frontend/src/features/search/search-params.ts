import { searchSorts } from '@labshop/contracts/catalogue/queries';
import { formatUsd } from '@labshop/contracts/money';

export type SearchSort = (typeof searchSorts)[number];

/**
 * The full search's state lives in the page's URL (/search?q=…&category=…), so a search can be reloaded,
 * bookmarked, shared and left with Back. The same names go to the query API (GET /api/catalogue/search).
 */
export interface SearchParams {
  q: string;
  /** A category (product) id; '' = every category. */
  category: string;
  /** A subproduct id; '' = every subproduct. */
  subproduct: string;
  inStock: boolean;
  /** A price band in cents: from (included) to (excluded); null = open. */
  minCents: number | null;
  maxCents: number | null;
  sort: SearchSort;
  page: number;
}

export const sortLabels: Record<SearchSort, string> = {
  relevance: 'Relevance',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name',
};

const cents = (value: string | null) => {
  const number = Number(value);
  return value !== null && value !== '' && Number.isInteger(number) && number >= 0 ? number : null;
};

/** The state from the page's query string; anything malformed is dropped rather than sent on to fail. */
export function searchParamsFrom(search: URLSearchParams): SearchParams {
  const sort = search.get('sort');
  const page = Number(search.get('page'));
  return {
    q: (search.get('q') ?? '').trim(),
    category: search.get('category')?.trim() ?? '',
    subproduct: search.get('subproduct')?.trim() ?? '',
    inStock: search.get('inStock') === 'true',
    minCents: cents(search.get('minCents')),
    maxCents: cents(search.get('maxCents')),
    sort: searchSorts.includes(sort as SearchSort) ? (sort as SearchSort) : 'relevance',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Only what is set (no default sort, no first page), so URLs stay short and readable. */
export function searchFromParams(params: SearchParams): URLSearchParams {
  const search = new URLSearchParams({ q: params.q });
  if (params.category !== '') search.set('category', params.category);
  if (params.subproduct !== '') search.set('subproduct', params.subproduct);
  if (params.inStock) search.set('inStock', 'true');
  if (params.minCents !== null) search.set('minCents', String(params.minCents));
  if (params.maxCents !== null) search.set('maxCents', String(params.maxCents));
  if (params.sort !== 'relevance') search.set('sort', params.sort);
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

/** A change of filter or sort shows its first page again. */
export const refined = (params: SearchParams, change: Partial<Omit<SearchParams, 'page'>>): SearchParams => ({
  ...params,
  ...change,
  page: 1,
});

/** A price band as the facet shows it, in the shop's one money format: "Under $50.00", "$50.00 – $100.00", "$500.00 and up". */
export function priceBandLabel(minCents: number, maxCents: number | null): string {
  if (minCents === 0 && maxCents !== null) return `Under ${formatUsd(maxCents)}`;
  if (maxCents === null) return `${formatUsd(minCents)} and up`;
  return `${formatUsd(minCents)} – ${formatUsd(maxCents)}`;
}
