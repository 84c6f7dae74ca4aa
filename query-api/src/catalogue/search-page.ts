import type { z } from 'zod';
import { discountedCents } from '@labshop/shared/money';
import type * as schemas from '@labshop/shared/queries/catalogue';
import type { ListedDetail } from './catalogue-index.ts';
import type { SearchEngine, SearchHit } from './search-engine.ts';
import { inStock, listedDetailView } from './views.ts';

type SearchQuery = z.infer<typeof schemas.searchQuery>;
type SearchResponse = z.infer<typeof schemas.searchResponse>;

/** The price facet's bands, in cents: under $50, $50–100, $100–250, $250–500, $500 and up. */
export const PRICE_BANDS: readonly { minCents: number; maxCents: number | null }[] = [
  { minCents: 0, maxCents: 5_000 },
  { minCents: 5_000, maxCents: 10_000 },
  { minCents: 10_000, maxCents: 25_000 },
  { minCents: 25_000, maxCents: 50_000 },
  { minCents: 50_000, maxCents: null },
];

const sellingCents = ({ detail }: ListedDetail) => discountedCents(detail.priceCents, detail.addPercentage);
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

type Facet = 'category' | 'subproduct' | 'inStock' | 'price';

/** Each filter of the query as a test of a hit, by facet, so a facet's counts can leave its own filter out. */
function filtersOf(query: SearchQuery): Record<Facet, (listed: ListedDetail) => boolean> {
  return {
    category: (listed) => query.category === undefined || listed.product.productId === query.category,
    subproduct: (listed) => query.subproduct === undefined || listed.subproduct.subproductId === query.subproduct,
    inStock: (listed) => query.inStock !== 'true' || inStock(listed.detail),
    price: (listed) => {
      const cents = sellingCents(listed);
      return (query.minCents === undefined || cents >= query.minCents) && (query.maxCents === undefined || cents < query.maxCents);
    },
  };
}

const passesAllBut = (filters: ReturnType<typeof filtersOf>, left: readonly Facet[]) => (listed: ListedDetail) =>
  (Object.keys(filters) as Facet[]).every((facet) => left.includes(facet) || filters[facet](listed));

function countBy<K>(hits: readonly SearchHit[], key: (listed: ListedDetail) => K): Map<K, number> {
  const counts = new Map<K, number>();
  for (const { listed } of hits) counts.set(key(listed), (counts.get(key(listed)) ?? 0) + 1);
  return counts;
}

function facetsOf(hits: readonly SearchHit[], filters: ReturnType<typeof filtersOf>): SearchResponse['facets'] {
  const within = (...left: Facet[]) => hits.filter(({ listed }) => passesAllBut(filters, left)(listed));
  // A subproduct lies in one category: choosing a category keeps its subproducts' counts, choosing a subproduct its category's.
  const categories = new Map<string, { productId: string; name: string; count: number }>();
  for (const { listed } of within('category', 'subproduct')) {
    const entry = categories.get(listed.product.productId) ?? { productId: listed.product.productId, name: listed.product.name, count: 0 };
    categories.set(listed.product.productId, { ...entry, count: entry.count + 1 });
  }
  const subproducts = new Map<string, { subproductId: string; productId: string; name: string; count: number }>();
  for (const { listed } of within('subproduct')) {
    const { subproductId, name } = listed.subproduct;
    const entry = subproducts.get(subproductId) ?? { subproductId, productId: listed.product.productId, name, count: 0 };
    subproducts.set(subproductId, { ...entry, count: entry.count + 1 });
  }
  const priced = countBy(within('price'), (listed) => PRICE_BANDS.findIndex((band) => sellingCents(listed) >= band.minCents && (band.maxCents === null || sellingCents(listed) < band.maxCents)));
  return {
    categories: [...categories.values()],
    subproducts: [...subproducts.values()],
    inStock: within('inStock').filter(({ listed }) => inStock(listed.detail)).length,
    prices: PRICE_BANDS.map((band, index) => ({ ...band, count: priced.get(index) ?? 0 })),
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
  const filters = filtersOf(query);
  const sorter = sorters[query.sort];
  const matching = hits.filter(({ listed }) => passesAllBut(filters, [])(listed));
  const ordered = sorter ? [...matching].sort(sorter) : matching;
  const start = (query.page - 1) * query.pageSize;
  return {
    query: text,
    results: ordered.slice(start, start + query.pageSize).map(({ listed, catalogNumber }) => ({ ...listedDetailView(listed), title: listed.title, catalogNumber })),
    total: matching.length,
    page: query.page,
    pageSize: query.pageSize,
    sort: query.sort,
    facets: facetsOf(hits, filters),
    didYouMean: hits.length === 0 ? engine.didYouMean(text) : null,
  };
}
