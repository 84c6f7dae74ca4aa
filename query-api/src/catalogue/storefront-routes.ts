import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bestSellersReadModel, saleDay } from '@labshop/contracts/catalogue/best-sellers-queries';
import {
  catalogueDetailsReadModel,
  catalogueTreeReadModel,
  type CatalogueDetail,
} from '@labshop/contracts/catalogue/read-models';
import { ApiError } from '@labshop/platform/http/api-error';
import { errors } from '@labshop/platform/http/schemas';
import { entityId } from '@labshop/contracts/fields';
import type { ReadModels } from '../read-models.ts';
import { POSITION_HEADER } from '../read-your-writes.ts';
import { projectionCache } from './projection-cache.ts';
import { indexCatalogue, type CatalogueIndex } from './catalogue-index.ts';
import { searchEngineBuilder, searchingNothing, type SearchEngine } from './search-engine.ts';
import { searchPage } from './search-page.ts';
import * as schemas from '@labshop/contracts/catalogue/queries';
import { bestSellersView, unitsSoldInWindow } from './best-sellers.ts';
import { featuredView, gridView, mainProductView, menuView, overviewView, productDetailView } from './views.ts';

export interface StorefrontCatalogueDeps {
  readModels: ReadModels;
  /** How long a reader without a position may be served the catalogue as it was read before. */
  cacheMaxAgeMs?: number | undefined;
  /** The clock of the best sellers' 90-day window. */
  now: () => Date;
}

export const SEARCH_MIN_LENGTH = 3;
export const SUGGESTIONS_LIMIT = 10;
/** Enough for every detail of a 10 000-detail catalogue with its rendered page, plus the whole-catalogue views. */
const CACHED_VALUES = 25_000;

/** The storefront's catalogue reads: public, visible items only, served from memory while the projections stand still. */
export const storefrontCatalogueQueries: FastifyPluginAsyncZod<StorefrontCatalogueDeps> = async (
  app,
  { readModels, cacheMaxAgeMs = 100, now },
) => {
  const cache = projectionCache(readModels, [catalogueTreeReadModel, catalogueDetailsReadModel], {
    maxAgeMs: cacheMaxAgeMs,
    capacity: CACHED_VALUES,
  });
  // Sales change with every order: kept apart, so an order does not drop the cached catalogue.
  const salesCache = projectionCache(readModels, [bestSellersReadModel], { maxAgeMs: cacheMaxAgeMs, capacity: 2 });

  const positionOf = (request: FastifyRequest) => request.headers[POSITION_HEADER] as string | undefined;
  const cached = <T>(request: FastifyRequest, key: string, load: () => Promise<T>) =>
    cache.read(key, load, positionOf(request));
  const catalogue = (request: FastifyRequest) =>
    cached(request, 'index', async () => {
      const [trees, details] = await Promise.all([
        readModels.collection(catalogueTreeReadModel).then((collection) => collection?.find()),
        currentDetailDocuments(),
      ]);
      return indexCatalogue(trees ?? [], details);
    });
  const detail = (request: FastifyRequest, detailId: string) =>
    cached(
      request,
      `detail:${detailId}`,
      async () => (await (await readModels.collection(catalogueDetailsReadModel))?.get(detailId)) ?? null,
    );
  /** The search engine over the listed catalogue and its detail documents, built once per change of either. */
  const buildSearchEngine = searchEngineBuilder();
  /**
   * Every detail document as of the last build, of one version of the model: each build reads only those
   * written since (by position), not the whole collection. A rebuilt version swapped in is read whole again.
   */
  let detailDocuments = { version: -1, upTo: '', byId: new Map<string, CatalogueDetail>() };
  async function currentDetailDocuments(): Promise<ReadonlyMap<string, CatalogueDetail>> {
    const [progress, collection] = await Promise.all([
      readModels.progress(catalogueDetailsReadModel),
      readModels.collection(catalogueDetailsReadModel),
    ]);
    if (!progress || !collection) return new Map();
    if (progress.version !== detailDocuments.version)
      detailDocuments = { version: progress.version, upTo: '', byId: new Map() };
    const kept = detailDocuments;
    const written = await collection.find(kept.upTo === '' ? {} : { where: { _position: { $gt: kept.upTo } } });
    for (const document of written) {
      kept.byId.set(document.detailId, document);
      if (document._position > kept.upTo) kept.upTo = document._position;
    }
    return kept.byId;
  }
  /** Builds run one after another, each reading the catalogue as it is then, so the indexes only ever move forward. */
  let lastBuild: Promise<unknown> = Promise.resolve();
  const searchEngine = (request: FastifyRequest) =>
    cached(request, 'search-engine', () => {
      const build = lastBuild.then(async (): Promise<SearchEngine> => {
        const [index, documents] = await Promise.all([catalogue(request), currentDetailDocuments()]);
        return buildSearchEngine(index, documents);
      });
      lastBuild = build.catch(() => undefined);
      return build;
    });
  /** A view of the whole catalogue, computed once per change of the catalogue. */
  const wholeCatalogueView =
    <T>(key: string, view: (index: CatalogueIndex) => T) =>
    async (request: FastifyRequest) =>
      cached(request, key, async () => view(await catalogue(request)));
  /** Units sold per detail in the 90 days up to today, read once per change of the sales (or of the day). */
  const unitsSold = (request: FastifyRequest) => {
    const today = now();
    return salesCache.read(
      `units:${saleDay(today.toISOString())}`,
      async () => unitsSoldInWindow(await readModels.collection(bestSellersReadModel), today),
      positionOf(request),
    );
  };
  const featured = wholeCatalogueView('featured', featuredView);
  /** Hot answers are kept serialised (checked against their schema once), so a repeat costs no rendering at all. */
  const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);

  const tags = ['catalogue'];
  const treeOnly = { readModels: [catalogueTreeReadModel] };
  const treeAndDetails = { readModels: [catalogueTreeReadModel, catalogueDetailsReadModel] };

  app.get(
    '/api/catalogue/menu',
    {
      config: treeOnly,
      schema: {
        tags,
        summary: 'Header menu: visible products with their visible subproducts',
        response: { 200: schemas.menuResponse },
      },
    },
    wholeCatalogueView('menu', menuView),
  );

  app.get(
    '/api/catalogue/overview',
    {
      config: treeOnly,
      schema: {
        tags,
        summary: 'Products overview: cards with accordions of subproducts and their details',
        response: { 200: schemas.overviewResponse },
      },
    },
    wholeCatalogueView('overview', overviewView),
  );

  app.get(
    '/api/catalogue/home',
    {
      config: { readModels: [catalogueTreeReadModel, bestSellersReadModel] },
      schema: {
        tags,
        summary:
          'Home lists: every featured detail in catalogue order; the pinned best sellers, then the top sellers of the last 90 days',
        response: { 200: schemas.homeResponse },
      },
    },
    async (request) => {
      const [featuredDetails, index, sold] = await Promise.all([
        featured(request),
        catalogue(request),
        unitsSold(request),
      ]);
      return { featured: featuredDetails, bestSellers: bestSellersView(index, sold) };
    },
  );

  app.get(
    '/api/catalogue/products/:productId',
    {
      config: treeOnly,
      schema: {
        tags,
        summary:
          'Main product page: subproduct tiles; the description is the product’s own content (the product content editor’s), not a detail’s',
        params: z.strictObject({ productId: entityId('Product') }),
        response: { 200: schemas.mainProductResponse, ...errors(400, 404) },
      },
    },
    async (request) => {
      const page = mainProductView(await catalogue(request), request.params.productId);
      if (!page) throw new ApiError('NotFound', 'Product not found');
      return page;
    },
  );

  app.get(
    '/api/catalogue/subproducts/:subproductId',
    {
      config: treeOnly,
      schema: {
        tags,
        summary: 'Sub-product page: the grid of its visible details',
        params: z.strictObject({ subproductId: entityId('Subproduct') }),
        response: { 200: schemas.gridResponse, ...errors(400, 404) },
      },
    },
    async (request) => {
      const grid = gridView(await catalogue(request), request.params.subproductId);
      if (!grid) throw new ApiError('NotFound', 'Subproduct not found');
      return grid;
    },
  );

  app.get(
    '/api/catalogue/availability',
    {
      config: { readModels: [catalogueDetailsReadModel] },
      schema: {
        tags,
        summary:
          'Units available now (on hand less reserved) of the given details, for the cart and checkout to tell what goes on backorder',
        querystring: schemas.availabilityQuery,
        response: { 200: schemas.availabilityResponse, ...errors(400) },
      },
    },
    async (request) => {
      const documents = await Promise.all(request.query.detailIds.map((detailId) => detail(request, detailId)));
      return {
        details: documents.flatMap((document) =>
          document?.visible ? [{ detailId: document.detailId, available: document.available }] : [],
        ),
      };
    },
  );

  app.get(
    '/api/catalogue/details/:detailId',
    {
      config: treeAndDetails,
      schema: {
        tags,
        summary: 'Product detail: prices and tiers, stock, documents, related products',
        params: z.strictObject({ detailId: entityId('Detail') }),
        response: { 200: schemas.productDetailResponse, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const { detailId } = request.params;
      const page = await cached(request, `detail-page:${detailId}`, async () => {
        const index = await catalogue(request);
        const listed = index.detailsById.get(detailId);
        const document = listed && (await detail(request, detailId));
        return listed && document
          ? JSON.stringify(schemas.productDetailResponse.parse(productDetailView(index, listed, document)))
          : null;
      });
      if (!page) throw new ApiError('NotFound', 'Detail not found');
      return sendJson(reply, page);
    },
  );

  app.get(
    '/api/catalogue/search/suggestions',
    {
      config: treeAndDetails,
      schema: {
        tags,
        summary: `Search suggestions: the full search's first ${SUGGESTIONS_LIMIT} matches; none under ${SEARCH_MIN_LENGTH} characters`,
        querystring: schemas.searchText,
        response: { 200: schemas.suggestionsResponse, ...errors(400) },
      },
    },
    async (request, reply) => {
      const text = request.query.q.trim().toLowerCase();
      if (text.length < SEARCH_MIN_LENGTH) return { suggestions: [] };
      const suggestions = await cached(request, `suggestions:${text}`, async () => {
        const found = (await searchEngine(request)).search(text).slice(0, SUGGESTIONS_LIMIT);
        return JSON.stringify({
          suggestions: found.map(({ listed, catalogNumber }) => ({
            detailId: listed.detail.detailId,
            title: listed.title,
            catalogNumber,
          })),
        } satisfies z.infer<typeof schemas.suggestionsResponse>);
      });
      return sendJson(reply, suggestions);
    },
  );

  app.get(
    '/api/catalogue/search',
    {
      config: treeAndDetails,
      schema: {
        tags,
        summary:
          'Full search: catalogue numbers, then words (stemmed, by prefix, one typo from 5 letters); facets, sort and paging',
        querystring: schemas.searchQuery,
        response: { 200: schemas.searchResponse, ...errors(400) },
      },
    },
    async (request, reply) => {
      const query = { ...request.query, q: request.query.q.trim() };
      if (query.q.length < SEARCH_MIN_LENGTH) return searchPage(searchingNothing, query);
      // Kept serialised per query like the suggestions: the same search, page or facet asked again costs nothing.
      const page = await cached(request, `search:${JSON.stringify(query)}`, async () =>
        JSON.stringify(schemas.searchResponse.parse(searchPage(await searchEngine(request), query))),
      );
      return sendJson(reply, page);
    },
  );

  app.get(
    '/api/catalogue/catalogue-numbers',
    {
      config: treeAndDetails,
      schema: {
        tags,
        summary:
          'Quick order: the listed detail and pack size each catalogue number names (hyphens and case aside), and the numbers nothing answers to',
        querystring: schemas.catalogNumbersQuery,
        response: { 200: schemas.catalogNumbersResponse, ...errors(400) },
      },
    },
    async (request) => {
      const engine = await searchEngine(request);
      const answer: z.infer<typeof schemas.catalogNumbersResponse> = { found: [], unknown: [] };
      for (const catalogNumber of request.query.n) {
        const named = engine.byCatalogNumber(catalogNumber);
        if (named)
          answer.found.push({ catalogNumber, detailId: named.listed.detail.detailId, packSize: named.packSize });
        else answer.unknown.push(catalogNumber);
      }
      return answer;
    },
  );
};
