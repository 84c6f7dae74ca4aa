import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor, EventStore } from '@labshop/platform/event-store/port';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { DomainError } from '@labshop/contracts/domain-error';
import { cartStream, customerCartStream, type PricedCartLine } from '@labshop/contracts/carts/events';
import {
  addCartItemInput,
  cartCommandInput,
  cartParams,
  mergeCartInput,
  removeCartItemInput,
  setCartItemQuantityInput,
} from '@labshop/contracts/carts/commands';
import { cartChange, cartView } from '@labshop/contracts/carts/queries';
import { cartChange as changeOfCart, cartView as viewOfCart } from '@labshop/contracts/carts/cart-view';
import { activeLines } from '@labshop/contracts/carts/fold-cart';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import { commandMetadata } from '../request-metadata.ts';
import { currentOffer, findCurrentOffer, type CurrentOffer, type OfferRef } from '../catalogue/prices.ts';
import type { CartCommand } from './decider.ts';
import { cartLineKey } from '@labshop/contracts/carts/fold-cart';
import { loadCart, runCartCommand } from './cart-commands.ts';
import { shopperLimitChecks, type ShopperLimits } from '../shopper-limits.ts';

export interface CartRoutesDeps {
  eventStore: EventStore;
  tokens: TokenService;
  now: () => Date;
  /** Per shopper and per address; false: none (benchmarks). */
  shopperLimits: ShopperLimits | false;
}

/** Sent with every cart answer: the query API's reads wait for it (read-your-writes). */
export const POSITION_HEADER = 'x-labshop-position';

/** Cart commands are a few ids and a number; anything bigger is refused before it is parsed. */
const CART_BODY_LIMIT = 16 * 1024;

/** Whose cart a request acts on: the stream, the id its CartView shows, and the actor recorded. */
interface CartTarget {
  stream: string;
  cartId: string;
  actor: Actor;
}

/**
 * The cart commands, for an anonymous cart (`/api/carts/:cartId`, no session: the uuid the browser made
 * is the key) and for the signed-in customer's cart (`/api/account/cart`), plus the merge at sign-in.
 * Each answers 200 with the position of its events and, for a change of one line (add, quantity, remove), the
 * CartChange from the state it was decided on, for the others the CartView of the decided state.
 */
export const cartRoutes: FastifyPluginAsyncZod<CartRoutesDeps> = async (
  app,
  { eventStore, tokens, now, shopperLimits },
) => {
  async function run(request: FastifyRequest, reply: FastifyReply, target: CartTarget, command: CartCommand) {
    const decided = await runCartCommand(
      eventStore,
      target.stream,
      command,
      commandMetadata(request, target.actor, command.now),
    );
    if (decided.position) reply.header(POSITION_HEADER, decided.position);
    return decided;
  }

  async function decide(request: FastifyRequest, reply: FastifyReply, target: CartTarget, command: CartCommand) {
    const { state } = await run(request, reply, target, command);
    return viewOfCart(target.cartId, state.cart, command.now);
  }

  async function change(request: FastifyRequest, reply: FastifyReply, target: CartTarget, command: CartCommand) {
    const { decidedOn, state } = await run(request, reply, target, command);
    return changeOfCart(target.cartId, decidedOn.cart, state.cart, command.now);
  }

  /** Today's price of a line, or null when the catalogue no longer sells it (including a pack size no longer offered). */
  async function offerOrNull(ref: OfferRef): Promise<CurrentOffer | null> {
    try {
      return await findCurrentOffer(eventStore, ref);
    } catch (error) {
      if (error instanceof DomainError) return null;
      throw error;
    }
  }

  async function refreshCommand(target: CartTarget, commandId: string, at: Date): Promise<CartCommand> {
    const { state } = await loadCart(eventStore, target.stream);
    const lines = activeLines(state.cart, at);
    const offers = new Map(
      await Promise.all(lines.map(async (line) => [cartLineKey(line), await offerOrNull(line)] as const)),
    );
    return { type: 'RefreshPrices', commandId, now: at, offers };
  }

  const anonymousTarget = (cartId: string): CartTarget => ({
    stream: cartStream(cartId),
    cartId,
    actor: { kind: 'anonymous', id: cartId, email: '' },
  });
  const customerTarget = (request: FastifyRequest): CartTarget => {
    const actor = actorOf(request);
    return { stream: customerCartStream(actor.id), cartId: actor.id, actor };
  };

  const anonymousErrors = errors(400, 404, 409, 429);
  const customerErrors = errors(400, 401, 403, 404, 409, 429);
  const anonymous = { tags: ['cart'], params: cartParams, response: { 200: cartView, ...anonymousErrors } };
  const customer = { tags: ['cart'], security: [{ bearer: [] }], response: { 200: cartView, ...customerErrors } };
  const anonymousChange = { ...anonymous, response: { 200: cartChange, ...anonymousErrors } };
  const customerChange = { ...customer, response: { 200: cartChange, ...customerErrors } };
  const customerOnly = requireRole(tokens, 'customer');
  const limits = shopperLimitChecks(app, shopperLimits).cart;

  for (const base of ['/api/carts/:cartId', '/api/account/cart'] as const) {
    const isCustomer = base === '/api/account/cart';
    const schema = isCustomer ? customer : anonymous;
    const changeSchema = isCustomer ? customerChange : anonymousChange;
    const onRequest = isCustomer ? [customerOnly, ...limits] : limits;
    const targetOf = (request: FastifyRequest) =>
      isCustomer ? customerTarget(request) : anonymousTarget((request.params as { cartId: string }).cartId);
    const who = isCustomer ? "the signed-in customer's cart" : 'an anonymous cart';

    app.post(
      `${base}/items`,
      {
        onRequest,
        bodyLimit: CART_BODY_LIMIT,
        schema: {
          ...changeSchema,
          summary: `Add to ${who} (same detail and pack size add up), at today's price`,
          body: addCartItemInput,
        },
      },
      async (request, reply) => {
        const { commandId, detailId, subproductId, packSize, quantity } = request.body;
        const offer = await currentOffer(eventStore, { subproductId, detailId, packSize });
        return change(request, reply, targetOf(request), {
          type: 'AddItems',
          commandId,
          now: now(),
          items: [{ offer, quantity }],
        });
      },
    );

    app.post(
      `${base}/items/quantity`,
      {
        onRequest,
        bodyLimit: CART_BODY_LIMIT,
        schema: {
          ...changeSchema,
          summary: `Set a line's quantity in ${who} (at least 1)`,
          body: setCartItemQuantityInput,
        },
      },
      async (request, reply) => {
        const { commandId, detailId, packSize, quantity } = request.body;
        return change(request, reply, targetOf(request), {
          type: 'SetQuantity',
          commandId,
          now: now(),
          detailId,
          packSize,
          quantity,
        });
      },
    );

    app.post(
      `${base}/items/remove`,
      {
        onRequest,
        bodyLimit: CART_BODY_LIMIT,
        schema: { ...changeSchema, summary: `Remove a line from ${who}`, body: removeCartItemInput },
      },
      async (request, reply) => {
        const { commandId, detailId, packSize } = request.body;
        return change(request, reply, targetOf(request), {
          type: 'RemoveItem',
          commandId,
          now: now(),
          detailId,
          packSize,
        });
      },
    );

    app.post(
      `${base}/clear`,
      { onRequest, bodyLimit: CART_BODY_LIMIT, schema: { ...schema, summary: `Empty ${who}`, body: cartCommandInput } },
      async (request, reply) =>
        decide(request, reply, targetOf(request), { type: 'ClearCart', commandId: request.body.commandId, now: now() }),
    );

    app.post(
      `${base}/refresh`,
      {
        onRequest,
        bodyLimit: CART_BODY_LIMIT,
        schema: {
          ...schema,
          summary: `Re-price ${who} from the catalogue: moved prices show previousUnitPriceCents, lines no longer sold show available false`,
          body: cartCommandInput,
        },
      },
      async (request, reply) => {
        const target = targetOf(request);
        return decide(request, reply, target, await refreshCommand(target, request.body.commandId, now()));
      },
    );
  }

  app.post(
    '/api/account/cart/merge',
    {
      onRequest: [customerOnly, ...limits],
      bodyLimit: CART_BODY_LIMIT,
      schema: {
        ...customer,
        summary:
          "At sign-in: move an anonymous cart's lines into the customer's cart (same detail and pack size add up); idempotent",
        body: mergeCartInput,
      },
    },
    async (request, reply) => {
      const target = customerTarget(request);
      const at = now();
      const { commandId, cartId } = request.body;
      // The anonymous cart records the hand-over first, with its lines; the customer cart then takes
      // them in under the same command id. A retry, or a later merge after a failure in between,
      // finds the hand-over and completes it; a completed one is recognised by its command id.
      const anonymousCart = cartStream(cartId);
      const { state } = await runCartCommand(
        eventStore,
        anonymousCart,
        { type: 'MergeAway', commandId, now: at, intoCustomerId: target.actor.id },
        commandMetadata(request, target.actor, at),
      );
      const handOver = state.lastHandOver?.intoCustomerId === target.actor.id ? state.lastHandOver : null;
      const lines = handOver ? await Promise.all(handOver.lines.map(priceNow)) : [];
      return decide(request, reply, target, {
        type: 'MergeIn',
        commandId: handOver?.commandId ?? commandId,
        now: at,
        fromCartId: cartId,
        lines,
      });
    },
  );

  /** A handed-over line at today's price; kept but marked unavailable when the catalogue no longer sells it. */
  async function priceNow(line: PricedCartLine): Promise<PricedCartLine> {
    const offer = await offerOrNull(line);
    if (!offer) return { ...line, available: false };
    const { inStock: _inStock, ...priced } = offer;
    return { ...priced, quantity: line.quantity, available: true };
  }
};
