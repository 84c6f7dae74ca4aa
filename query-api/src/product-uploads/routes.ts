import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { uploadedProductParams } from '@labshop/contracts/catalogue/uploads-commands';
import { ApiError } from '@labshop/platform/http/api-error';
import { requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import {
  uploadedProductsResponse,
  uploadedProductView,
  uploadedProductsReadModel,
  type UploadedProduct,
} from '@labshop/contracts/catalogue/uploads-queries';
import type { ReadModels } from '../read-models.ts';
import { contentUrl } from '../catalogue/views.ts';

export interface ProductUploadQueryDeps {
  readModels: ReadModels;
  tokens: TokenService;
}

const viewOf = ({ id: _id, _position, image, ...product }: UploadedProduct) => ({
  ...product,
  image: { url: contentUrl(image.name), name: image.name, originalName: image.originalName, size: image.size },
});

/** The admin product upload list (admins only), from the `uploaded-products` read model. */
export const productUploadQueries: FastifyPluginAsyncZod<ProductUploadQueryDeps> = async (
  app,
  { readModels, tokens },
) => {
  app.addHook('onRequest', requireRole(tokens, 'admin'));
  const tags = ['product upload', 'admin'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/admin/product-uploads',
    {
      config: { readModels: [uploadedProductsReadModel] },
      schema: {
        tags,
        security,
        summary: 'Every product of the upload list, newest first',
        response: { 200: uploadedProductsResponse, ...errors(401, 403) },
      },
    },
    async () => {
      const products =
        (await (
          await readModels.collection(uploadedProductsReadModel)
        )?.find({ sort: [{ field: 'createdAt', direction: 'desc' }] })) ?? [];
      return { products: products.map(viewOf) };
    },
  );

  app.get(
    '/api/admin/product-uploads/:productId',
    {
      config: { readModels: [uploadedProductsReadModel] },
      schema: {
        tags,
        security,
        summary: 'One product of the upload list, with the version to send when updating it',
        params: uploadedProductParams,
        response: { 200: uploadedProductView, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const product = await (await readModels.collection(uploadedProductsReadModel))?.get(request.params.productId);
      if (!product) throw new ApiError('NotFound', 'Error loading product details');
      return viewOf(product);
    },
  );
};
