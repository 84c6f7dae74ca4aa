import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bestSellers, catalogueDetails, catalogueTree, saleDay } from '@labshop/projectors';
import { ApiError } from '@labshop/shared/http/api-error';
import { errors } from '@labshop/shared/http/schemas';
import { entityId } from '@labshop/shared/commands/fields';
import type { ReadModels } from '../read-models.ts';
import { POSITION_HEADER } from '../read-your-writes.ts';
import { projectionCache } from './projection-cache.ts';
import { indexCatalogue, searchTitles, type CatalogueIndex } from './catalogue-index.ts';
import * as schemas from '@labshop/shared/queries/catalogue';
import { bestSellersView, unitsSoldInWindow } from './best-sellers.ts';
import { describingDetailId, featuredView, gridView, listedDetailView, mainProductView, menuView, overviewView, productDetailView } from './views.ts';

export interface StorefrontCatalogueDeps {
  readModels: ReadModels;
  /** How long a reader without a position may be served the catalogue as it was read before. */
  cacheMaxAgeMs?: number | undefined;
  /** The clock of the best sellers' 90-day window. */
  now: () => Date;
}

export const SEARCH_MIN_LENGTH = 3;
export const SUGGESTIONS_LIMIT = 10;
export const SEARCH_RESULTS_LIMIT = 100;
/** Enough for every detail of a 10 000-detail catalogue with its rendered page, plus the whole-catalogue views. */
const CACHED_VALUES = 25_000;

/** The storefront's catalogue reads: public, visible items only, served from memory while the projections stand still. */
export const storefrontCatalogueQueries: FastifyPluginAsyncZod<StorefrontCatalogueDeps> = async (app, { readModels, cacheMaxAgeMs = 100, now }) => {
  const cache = projectionCache(readModels, [catalogueTree, catalogueDetails], { maxAgeMs: cacheMaxAgeMs, capacity: CACHED_VALUES });
  // Sales change with every order: kept apart, so an order does not drop the cached catalogue.
  const salesCache = projectionCache(readModels, [bestSellers], { maxAgeMs: cacheMaxAgeMs, capacity: 2 });

  const positionOf = (request: FastifyRequest) => request.headers[POSITION_HEADER] as string | undefined;
  const cached = <T>(request: FastifyRequest, key: string, load: () => Promise<T>) => cache.read(key, load, positionOf(request));
  const catalogue = (request: FastifyRequest) =>
    cached(request, 'index', async () => indexCatalogue((await (await readModels.collection(catalogueTree))?.find()) ?? []));
  const detail = (request: FastifyRequest, detailId: string) =>
    cached(request, `detail:${detailId}`, async () => (await (await readModels.collection(catalogueDetails))?.get(detailId)) ?? null);
  /** A view of the whole catalogue, computed once per change of the catalogue. */
  const wholeCatalogueView = <T>(key: string, view: (index: CatalogueIndex) => T) => async (request: FastifyRequest) =>
    cached(request, key, async () => view(await catalogue(request)));
  /** Units sold per detail in the 90 days up to today, read once per change of the sales (or of the day). */
  const unitsSold = (request: FastifyRequest) => {
    const today = now();
    return salesCache.read(`units:${saleDay(today.toISOString())}`, async () => unitsSoldInWindow(await readModels.collection(bestSellers), today), positionOf(request));
  };
  const featured = wholeCatalogueView('featured', featuredView);
  /** Hot answers are kept serialised (checked against their schema once), so a repeat costs no rendering at all. */
  const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);

  const tags = ['catalogue'];
  const treeOnly = { readModels: [catalogueTree] };
  const treeAndDetails = { readModels: [catalogueTree, catalogueDetails] };

  app.get(
    '/api/catalogue/menu',
    { config: treeOnly, schema: { tags, summary: 'Header menu: visible products with their visible subproducts', response: { 200: schemas.menuResponse } } },
    wholeCatalogueView('menu', menuView),
  );

  app.get(
    '/api/catalogue/overview',
    {
      config: treeOnly,
      schema: { tags, summary: 'Products overview: cards with accordions of subproducts and their details', response: { 200: schemas.overviewResponse } },
    },
    wholeCatalogueView('overview', overviewView),
  );

  app.get(
    '/api/catalogue/home',
    {
      config: { readModels: [catalogueTree, bestSellers] },
      schema: {
        tags,
        summary: 'Home lists: every featured detail in catalogue order; the pinned best sellers, then the top sellers of the last 90 days',
        response: { 200: schemas.homeResponse },
      },
    },
    async (request) => {
      const [featuredDetails, index, sold] = await Promise.all([featured(request), catalogue(request), unitsSold(request)]);
      return { featured: featuredDetails, bestSellers: bestSellersView(index, sold) };
    },
  );

  app.get(
    '/api/catalogue/products/:productId',
    {
      config: treeAndDetails,
      schema: {
        tags,
        summary: 'Main product page: subproduct tiles; the description is the first subproduct’s content',
        params: z.strictObject({ productId: entityId('Product') }),
        response: { 200: schemas.mainProductResponse, ...errors(400, 404) },
      },
    },
    async (request) => {
      const index = await catalogue(request);
      const describing = describingDetailId(index, request.params.productId);
      const description = describing ? ((await detail(request, describing))?.contents ?? '') : '';
      const page = mainProductView(index, request.params.productId, description);
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
      config: { readModels: [catalogueDetails] },
      schema: {
        tags,
        summary: 'Units available now (on hand less reserved) of the given details, for the cart and checkout to tell what goes on backorder',
        querystring: schemas.availabilityQuery,
        response: { 200: schemas.availabilityResponse, ...errors(400) },
      },
    },
    async (request) => {
      const documents = await Promise.all(request.query.detailIds.map((detailId) => detail(request, detailId)));
      return { details: documents.flatMap((document) => (document?.visible ? [{ detailId: document.detailId, available: document.available }] : [])) };
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
        return listed && document ? JSON.stringify(schemas.productDetailResponse.parse(productDetailView(index, listed, document))) : null;
      });
      if (!page) throw new ApiError('NotFound', 'Detail not found');
      return sendJson(reply, page);
    },
  );

  app.get(
    '/api/catalogue/search/suggestions',
    {
      config: treeOnly,
      schema: {
        tags,
        summary: `Search suggestions: titles starting with, then containing, the text; none under ${SEARCH_MIN_LENGTH} characters`,
        querystring: schemas.searchText,
        response: { 200: schemas.suggestionsResponse, ...errors(400) },
      },
    },
    async (request, reply) => {
      const text = request.query.q.trim().toLowerCase();
      if (text.length < SEARCH_MIN_LENGTH) return { suggestions: [] };
      const suggestions = await cached(request, `suggestions:${text}`, async () => {
        const found = searchTitles(await catalogue(request), text, SUGGESTIONS_LIMIT);
        return JSON.stringify({ suggestions: found.map(({ detail, title }) => ({ detailId: detail.detailId, title })) } satisfies z.infer<typeof schemas.suggestionsResponse>);
      });
      return sendJson(reply, suggestions);
    },
  );

  app.get(
    '/api/catalogue/search',
    {
      config: treeOnly,
      schema: {
        tags,
        summary: 'Full search results, ordered as the suggestions',
        querystring: schemas.searchText,
        response: { 200: schemas.searchResponse, ...errors(400) },
      },
    },
    async (request) => {
      const text = request.query.q.trim();
      if (text.length < SEARCH_MIN_LENGTH) return { query: text, results: [] };
      const found = searchTitles(await catalogue(request), text, SEARCH_RESULTS_LIMIT);
      return { query: text, results: found.map((listed) => ({ ...listedDetailView(listed), title: listed.title })) };
    },
  );
};
