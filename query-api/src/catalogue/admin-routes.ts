import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  catalogueDetailsReadModel,
  catalogueTreeReadModel,
  type CatalogueDetail,
} from '@labshop/contracts/catalogue/read-models';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { requireRole } from '@labshop/platform/http/auth-guard';
import { ApiError } from '@labshop/platform/http/api-error';
import { errors } from '@labshop/platform/http/schemas';
import { entityId } from '@labshop/contracts/fields';
import { fileSlots, type FileSlot, type StoredFile } from '@labshop/contracts/catalogue/events';
import type { ReadModels } from '../read-models.ts';
import * as schemas from '@labshop/contracts/catalogue/queries';
import { contentUrl } from './views.ts';

export interface AdminCatalogueDeps {
  readModels: ReadModels;
  tokens: TokenService;
}

const productParams = z.strictObject({ productId: entityId('Product') });
const subproductParams = productParams.extend({ subproductId: entityId('Subproduct') });
const detailParams = subproductParams.extend({ detailId: entityId('Detail') });

/** The back office's catalogue reads: hidden items included, straight from the read store (no cache). */
export const adminCatalogueQueries: FastifyPluginAsyncZod<AdminCatalogueDeps> = async (app, { readModels, tokens }) => {
  app.addHook('onRequest', requireRole(tokens, 'admin'));
  const tags = ['catalogue', 'admin'];
  const security = [{ bearer: [] }];

  async function tree(productId: string) {
    const product = await (await readModels.collection(catalogueTreeReadModel))?.get(productId);
    if (!product) throw new ApiError('NotFound', 'Product not found');
    return product;
  }

  async function subproductOf(productId: string, subproductId: string) {
    const subproduct = (await tree(productId)).subproducts.find((candidate) => candidate.subproductId === subproductId);
    if (!subproduct) throw new ApiError('NotFound', 'Subproduct not found');
    return subproduct;
  }

  app.get(
    '/api/admin/catalogue/products/:productId',
    {
      config: { readModels: [catalogueTreeReadModel] },
      schema: {
        tags,
        security,
        summary: 'A product with its content and all its subproducts, hidden ones included',
        params: productParams,
        response: { 200: schemas.adminProductResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { productId, name, visible, displayOrder, content, subproducts } = await tree(request.params.productId);
      return {
        productId,
        name,
        visible,
        displayOrder,
        content,
        subproducts: subproducts.map(({ details, ...subproduct }) => ({ ...subproduct, detailCount: details.length })),
      };
    },
  );

  app.get(
    '/api/admin/catalogue/products/:productId/subproducts/:subproductId/details',
    {
      config: { readModels: [catalogueTreeReadModel, catalogueDetailsReadModel] },
      schema: {
        tags,
        security,
        summary: 'All details of a subproduct, hidden ones included, with every field',
        params: subproductParams,
        response: { 200: schemas.adminDetailsResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { subproductId, name, visible } = await subproductOf(request.params.productId, request.params.subproductId);
      const documents = await readModels.collection(catalogueDetailsReadModel);
      const details =
        (await documents?.find({ where: { subproductId }, sort: [{ field: 'displayOrder', direction: 'asc' }] })) ?? [];
      return {
        subproductId,
        name,
        visible,
        productTypes: [...new Set(details.map((detail) => detail.productType))],
        details: details.map(adminDetailView),
      };
    },
  );

  app.get(
    '/api/admin/catalogue/products/:productId/subproducts/:subproductId/details/:detailId',
    {
      config: { readModels: [catalogueDetailsReadModel] },
      schema: {
        tags,
        security,
        summary: 'One detail with every field, as the detail form edits it',
        params: detailParams,
        response: { 200: schemas.adminDetail, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { productId, subproductId, detailId } = request.params;
      const detail = await (await readModels.collection(catalogueDetailsReadModel))?.get(detailId);
      if (!detail || detail.productId !== productId || detail.subproductId !== subproductId)
        throw new ApiError('NotFound', 'Detail not found');
      return adminDetailView(detail);
    },
  );
};

function adminDetailView({
  id: _id,
  _position,
  files,
  ...detail
}: CatalogueDetail): z.infer<typeof schemas.adminDetail> {
  const withUrl = (file: StoredFile | null) => file && { ...file, url: contentUrl(file.name) };
  return {
    ...detail,
    files: Object.fromEntries(fileSlots.map((slot) => [slot, withUrl(files[slot])])) as Record<
      FileSlot,
      ReturnType<typeof withUrl>
    >,
  };
}
