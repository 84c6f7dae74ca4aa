import { orderDeskSortKeys, type OrderDeskSortKey } from '@labshop/contracts/orders/desk-queries';
import { isIsoDay } from '@labshop/contracts/dates';

/**
 * The order desk's filters live in the page's URL, so a filtered list can be reloaded, bookmarked and
 * left with Back. The same names go to the query API (GET /api/admin/orders), so a query the dashboard links
 * with opens the list it counted. The sort and the page live there too.
 */
export interface DeskFilters {
  status: string;
  /** 'YYYY-MM-DD', the first day placed orders are listed from (inclusive). */
  from: string;
  /** 'YYYY-MM-DD', the last day (inclusive). */
  to: string;
  /** Two-letter code of the shipping address's state. */
  state: string;
  /** A part of the order number, the customer's name, the company, an email or the PO number. */
  search: string;
  /** '' lists orders and quotes together. */
  kind: '' | 'orders' | 'quotes';
  /** Also list checkouts never paid nor quoted (hidden by default). */
  unpaid: boolean;
  /** Only orders waiting on backordered units. */
  backorders: boolean;
  /** Only orders staff can confirm (purchase order received, or quote accepted). */
  awaiting: boolean;
  sort: OrderDeskSortKey;
  direction: 'asc' | 'desc';
  page: number;
}

export const DESK_PAGE_SIZE = 20;

const textFilters = ['status', 'from', 'to', 'state', 'search'] as const;

export const noFilters: DeskFilters = {
  status: '',
  from: '',
  to: '',
  state: '',
  search: '',
  kind: '',
  unpaid: false,
  backorders: false,
  awaiting: false,
  sort: 'placedAt',
  direction: 'desc',
  page: 1,
};

/** Filters from the page's query string; anything malformed is dropped rather than sent on to fail. */
export function filtersFromSearch(search: URLSearchParams): DeskFilters {
  const text = (name: (typeof textFilters)[number]) => search.get(name)?.trim() ?? '';
  const kind = search.get('kind');
  const page = Number(search.get('page'));
  const sort = orderDeskSortKeys.find((key) => key === search.get('sort'));
  const direction = search.get('direction');
  return {
    status: text('status'),
    from: isIsoDay(text('from')) ? text('from') : '',
    to: isIsoDay(text('to')) ? text('to') : '',
    state: text('state').toUpperCase(),
    search: text('search'),
    kind: kind === 'orders' || kind === 'quotes' ? kind : '',
    unpaid: search.get('unpaid') === 'show',
    backorders: search.get('backorders') === 'only',
    awaiting: search.get('awaiting') === 'confirmation',
    sort: sort ?? noFilters.sort,
    direction: direction === 'asc' || direction === 'desc' ? direction : noFilters.direction,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Only the filters that are set (and a page after the first), so URLs stay short and readable. */
export function searchFromFilters(filters: DeskFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of textFilters) if (filters[name] !== '') search.set(name, filters[name]);
  if (filters.kind !== '') search.set('kind', filters.kind);
  if (filters.unpaid) search.set('unpaid', 'show');
  if (filters.backorders) search.set('backorders', 'only');
  if (filters.awaiting) search.set('awaiting', 'confirmation');
  if (filters.sort !== noFilters.sort || filters.direction !== noFilters.direction) {
    search.set('sort', filters.sort);
    search.set('direction', filters.direction);
  }
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

/** The query API's query string: the set filters plus the page size the desk shows. */
export function listQueryString(filters: DeskFilters): string {
  const search = searchFromFilters(filters);
  search.set('page', String(filters.page));
  search.set('pageSize', String(DESK_PAGE_SIZE));
  return search.toString();
}

export const hasFilters = (filters: DeskFilters) =>
  searchFromFilters({ ...filters, sort: noFilters.sort, direction: noFilters.direction, page: 1 }).size > 0;
