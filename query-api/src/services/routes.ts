import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { serviceIdParams } from '@labshop/contracts/content/services-commands';
import { ApiError } from '@labshop/platform/http/api-error';
import { requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import type { Query } from '@labshop/platform/read-store/port';
import {
  activeServicesResponse,
  adminServicesResponse,
  serviceCategorySlug,
  storefrontService,
  servicesReadModel,
  type ServiceDocument,
} from '@labshop/contracts/content/services-queries';
import type { ReadModels } from '../read-models.ts';

export interface ServiceQueryDeps {
  readModels: ReadModels;
  tokens: TokenService;
}

/** The list order: order ascending, then the oldest first (the read stores break remaining ties by id). */
const listOrder: Query['sort'] = [
  { field: 'order', direction: 'asc' },
  { field: 'createdAt', direction: 'asc' },
];

const storefrontView = ({ serviceId, heading, category, price, order, content, createdAt }: ServiceDocument) => ({
  serviceId,
  heading,
  category,
  categorySlug: serviceCategorySlug(category),
  price,
  order,
  content,
  createdAt,
});

const adminView = (service: ServiceDocument) => ({
  ...storefrontView(service),
  isActive: service.isActive,
  updatedAt: service.updatedAt,
  version: service.version,
});

const SERVICE_NOT_FOUND = 'Service not found';

/** Services: the storefront's active ones (public) and the back office's list (admins only). Services are few: no cache. */
export const serviceQueries: FastifyPluginAsyncZod<ServiceQueryDeps> = async (app, { readModels, tokens }) => {
  const config = { readModels: [servicesReadModel] };
  const find = async (query: Query) => (await (await readModels.collection(servicesReadModel))?.find(query)) ?? [];

  app.get(
    '/api/services',
    {
      config,
      schema: {
        tags: ['services'],
        summary: 'Every active service in list order (home page, Services menu, /services); no sign-in needed',
        response: { 200: activeServicesResponse },
      },
    },
    async () => ({ services: (await find({ where: { isActive: true }, sort: listOrder })).map(storefrontView) }),
  );

  app.get(
    '/api/services/:serviceId',
    {
      config,
      schema: {
        tags: ['services'],
        summary: 'One active service (its page); an inactive or deleted one answers 404',
        params: serviceIdParams,
        response: { 200: storefrontService, ...errors(400, 404) },
      },
    },
    async (request) => {
      const service = await (await readModels.collection(servicesReadModel))?.get(request.params.serviceId);
      if (!service?.isActive) throw new ApiError('NotFound', SERVICE_NOT_FOUND);
      return storefrontView(service);
    },
  );

  app.get(
    '/api/admin/services',
    {
      config,
      onRequest: requireRole(tokens, 'admin'),
      schema: {
        tags: ['services', 'admin'],
        security: [{ bearer: [] }],
        summary: 'Every service, inactive ones included, in list order, with the version an edit names',
        response: { 200: adminServicesResponse, ...errors(401, 403) },
      },
    },
    async () => ({ services: (await find({ sort: listOrder })).map(adminView) }),
  );
};
