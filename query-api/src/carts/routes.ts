import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { cartStream, customerCartStream } from '@labshop/contracts/carts/events';
import { cartParams } from '@labshop/contracts/carts/commands';
import { cartView, type CartView, cartsReadModel } from '@labshop/contracts/carts/queries';
import { cartView as viewOfCart } from '@labshop/contracts/carts/cart-view';
import { emptyCart } from '@labshop/contracts/carts/fold-cart';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import type { ReadModels } from '../read-models.ts';

export interface CartQueryDeps {
  readModels: ReadModels;
  tokens: TokenService;
  now: () => Date;
}

/**
 * Carts from the carts read model, shown as of now (a cart untouched for more than 5 days reads empty).
 * A cart without any event yet reads as an empty cart, not 404: every browser has a cart id from the start.
 */
export const cartQueries: FastifyPluginAsyncZod<CartQueryDeps> = async (app, { readModels, tokens, now }) => {
  async function viewOf(stream: string, cartId: string): Promise<CartView> {
    const collection = await readModels.collection(cartsReadModel);
    const document = await collection?.get(stream);
    return viewOfCart(cartId, document ?? emptyCart(), now());
  }

  app.get(
    '/api/carts/:cartId',
    {
      config: { readModels: [cartsReadModel] },
      schema: {
        tags: ['cart'],
        summary: 'An anonymous cart (the id the browser made)',
        params: cartParams,
        response: { 200: cartView, ...errors(400) },
      },
    },
    (request) => viewOf(cartStream(request.params.cartId), request.params.cartId),
  );

  app.get(
    '/api/account/cart',
    {
      config: { readModels: [cartsReadModel] },
      onRequest: requireRole(tokens, 'customer'),
      schema: {
        tags: ['cart'],
        security: [{ bearer: [] }],
        summary: "The signed-in customer's cart, on every device",
        response: { 200: cartView, ...errors(401, 403) },
      },
    },
    (request) => {
      const customerId = actorOf(request).id;
      return viewOf(customerCartStream(customerId), customerId);
    },
  );
};
