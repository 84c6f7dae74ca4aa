import type { z } from 'zod';
import { discountedCents } from '@labshop/contracts/money';
import type * as schemas from '@labshop/contracts/catalogue/queries';
import type { ListedDetail } from './catalogue-index.ts';
import type { SearchEngine, SearchHit } from './search-engine.ts';
import { inStock, listedDetailView } from './views.ts';

type SearchQuery = z.infer<typeof schemas.searchQuery>;
type SearchResponse = z.infer<typeof schemas.searchResponse>;

/** The price facet's bands, in cents: under $50, $50–100, $100–250, $250–500, $500 and up. */
const PRICE_BANDS: readonly { minCents: number; maxCents: number | null }[] = [
  { minCents: 0, maxCents: 5_000 },
  { minCents: 5_000, maxCents: 10_000 },
  { minCents: 10_000, maxCents: 25_000 },
  { minCents: 25_000, maxCents: 50_000 },
  { minCents: 50_000, maxCents: null },
];

/** Selling prices, worked out once per listed detail (a listed detail lives as long as its state of the catalogue). */
const sellingPrices = new WeakMap<ListedDetail, number>();
function sellingCents(listed: ListedDetail): number {
  let cents = sellingPrices.get(listed);
  if (cents === undefined) {
    cents = discountedCents(listed.detail.priceCents, listed.detail.addPercentage);
    sellingPrices.set(listed, cents);
  }
  return cents;
}
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The facets as bits: a hit's mask holds the filters it fails. */
const CATEGORY = 1;
const SUBPRODUCT = 2;
const IN_STOCK = 4;
const PRICE = 8;

const priceBandOf = (cents: number) =>
  PRICE_BANDS.findIndex((band) => cents >= band.minCents && (band.maxCents === null || cents < band.maxCents));

/** Which of the query's filters a hit fails. */
function failedFilters(query: SearchQuery, listed: ListedDetail): number {
  const cents = sellingCents(listed);
  return (
    (query.category !== undefined && listed.product.productId !== query.category ? CATEGORY : 0) |
    (query.subproduct !== undefined && listed.subproduct.subproductId !== query.subproduct ? SUBPRODUCT : 0) |
    (query.inStock === 'true' && !inStock(listed) ? IN_STOCK : 0) |
    ((query.minCents !== undefined && cents < query.minCents) ||
    (query.maxCents !== undefined && cents >= query.maxCents)
      ? PRICE
      : 0)
  );
}

/**
 * Counts under each facet's choices, each with the other facets' filters applied (so a chosen value still shows its
 * siblings), in one pass over the hits. A subproduct lies in one category: the category facet leaves the subproduct
 * filter out too, or choosing a subproduct would hide every other category.
 */
function facetsOf(hits: readonly SearchHit[], masks: readonly number[]): SearchResponse['facets'] {
  const categories = new Map<string, { productId: string; name: string; count: number }>();
  const subproducts = new Map<string, { subproductId: string; productId: string; name: string; count: number }>();
  const prices = PRICE_BANDS.map((band) => ({ ...band, count: 0 }));
  let inStockCount = 0;
  hits.forEach(({ listed }, index) => {
    const failed = masks[index]!;
    if ((failed & ~(CATEGORY | SUBPRODUCT)) === 0) {
      const { productId, name } = listed.product;
      const entry = categories.get(productId) ?? { productId, name, count: 0 };
      categories.set(productId, { ...entry, count: entry.count + 1 });
    }
    if ((failed & ~SUBPRODUCT) === 0) {
      const { subproductId, name } = listed.subproduct;
      const entry = subproducts.get(subproductId) ?? {
        subproductId,
        productId: listed.product.productId,
        name,
        count: 0,
      };
      subproducts.set(subproductId, { ...entry, count: entry.count + 1 });
    }
    if ((failed & ~IN_STOCK) === 0 && inStock(listed)) inStockCount++;
    if ((failed & ~PRICE) === 0) prices[priceBandOf(sellingCents(listed))]!.count++;
  });
  return {
    categories: [...categories.values()],
    subproducts: [...subproducts.values()],
    inStock: inStockCount,
    prices,
  };
}

const sorters: Record<SearchQuery['sort'], ((a: SearchHit, b: SearchHit) => number) | null> = {
  relevance: null,
  'price-asc': (a, b) => sellingCents(a.listed) - sellingCents(b.listed),
  'price-desc': (a, b) => sellingCents(b.listed) - sellingCents(a.listed),
  name: (a, b) => byName.compare(a.listed.title, b.listed.title),
};

/** The full search page: the engine's matches filtered, counted by facet, sorted (stably, so ties keep relevance) and paged. */
export function searchPage(engine: SearchEngine, query: SearchQuery): SearchResponse {
  const text = query.q.trim();
  const hits = engine.search(text);
  const masks = hits.map(({ listed }) => failedFilters(query, listed));
  const sorter = sorters[query.sort];
  const matching = hits.filter((_, index) => masks[index] === 0);
  const ordered = sorter ? [...matching].sort(sorter) : matching;
  const start = (query.page - 1) * query.pageSize;
  return {
    query: text,
    results: ordered
      .slice(start, start + query.pageSize)
      .map(({ listed, catalogNumber }) => ({ ...listedDetailView(listed), title: listed.title, catalogNumber })),
    total: matching.length,
    page: query.page,
    pageSize: query.pageSize,
    sort: query.sort,
    facets: facetsOf(hits, masks),
    didYouMean: hits.length === 0 ? engine.didYouMean(text) : null,
  };
}
