import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EventStore, RecordedEvent } from '@labshop/platform/event-store/port';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { DomainError } from '@labshop/contracts/domain-error';
import { customerCartStream } from '@labshop/contracts/carts/events';
import { orderStream } from '@labshop/contracts/orders/events';
import { isOpenCheckout } from '@labshop/contracts/orders/desk-rules';
import {
  acceptQuoteInput,
  chooseShippingMethodInput,
  declineQuoteInput,
  orderCommandResponse,
  orderIdParams,
  placeOrderInput,
  purchaseOrderInput,
  quoteRequestInput,
  repeatOrderInput,
  repeatOrderResponse,
} from '@labshop/contracts/orders/commands';
import type { OrderPaymentView } from '@labshop/contracts/orders/queries';
import { sameValue } from '@labshop/contracts/same-value';
import { cartView } from '@labshop/contracts/carts/cart-view';
import { ApiError } from '@labshop/platform/http/api-error';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import { foldStream } from '@labshop/platform/deciders/handle-command';
import { exemptionClaimFor } from '@labshop/contracts/orders/tax-exemption';
import { currentTaxExemption, followTaxExemptions } from '../tax-exemptions/live-exemptions.ts';
import { commandMetadata } from '../request-metadata.ts';
import { cachedCart, loadCart, runCartCommand } from '../carts/cart-commands.ts';
import {
  assertPlaceable,
  orderDecider,
  orderMessages,
  type OrderCommand,
  type OrderPlacement,
} from '@labshop/contracts/orders/decider';
import { readOrder, runOrderCommand, type ReadOrder } from './order-commands.ts';
import { checkoutOrderId, placementFingerprint } from './order-id.ts';
import { createOrderNumberAllocator, type OrderNumberAllocator } from './order-number.ts';
import { dryIceDetailsOf, offerNow, pricedCustomerCart } from './priced-cart.ts';
import { shopperLimitChecks, type ShopperLimits } from '../shopper-limits.ts';
import { resumeCheckout, resumeUnfinishedCheckouts, submitCheckout, type CheckoutDeps } from './checkout.ts';
import type { CheckoutSubmission } from '@labshop/contracts/orders/checkout-process';

export interface OrderRoutesDeps {
  eventStore: EventStore;
  tokens: TokenService;
  /** The clock orders are placed by. */
  now?: () => Date;
  orderNumbers?: OrderNumberAllocator;
  /** Per customer and per address; false: none (benchmarks). */
  shopperLimits: ShopperLimits | false;
  /** The submission's events to their reactors' jobs at once (CommandRoutesDeps.reactNow). */
  reactNow?: ((events: readonly RecordedEvent[]) => void) | undefined;
}

/** The same idempotency key with another body: in a shopper's words, since the checkout page shows it. */
export const IDEMPOTENCY_KEY_REUSED =
  'An order was already placed from this checkout (the same idempotency key) with other details. Please look in My Orders before ordering again.';

export const ADMIN_CANNOT_CHECK_OUT =
  'Admin sessions cannot check out. Please sign out of the back office and sign in as a customer.';

/**
 * Checkout and orders (issue 7): place the customer's cart as an order, pay it by purchase order or
 * turn it into a quote request, and repeat an old order into the cart.
 */
export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesDeps> = async (app, deps) => {
  const { eventStore, tokens } = deps;
  const now = deps.now ?? (() => new Date());
  const orderNumbers = deps.orderNumbers ?? createOrderNumberAllocator(eventStore);
  const tags = ['customer orders'];
  const customerOnly = requireRole(tokens, 'customer');
  const limits = shopperLimitChecks(app, deps.shopperLimits);
  // Warm before the first placement; a failure here is the first placement's to answer (it starts again).
  followTaxExemptions(eventStore).catch(() => undefined);

  /** Customer only; an admin session is refused in checkout's own words (the spec: an admin may not check out). */
  async function onRequest(request: FastifyRequest, reply: FastifyReply) {
    try {
      await customerOnly.call(app, request, reply);
    } catch (error) {
      // requireRole answers 403 only to a valid session of the other role: an admin's.
      if (error instanceof ApiError && error.kind === 'Forbidden')
        throw new ApiError('Forbidden', ADMIN_CANNOT_CHECK_OUT);
      throw error;
    }
  }

  /**
   * A retry (same key, same body) gets its order; the same key with another body is refused, never answered with
   * the order. The body a key was last placed or revised with (folded with the order's read) is the one it is checked against.
   */
  function assertSamePlacement(read: ReadOrder, idempotencyKey: string, requestFingerprint: string) {
    const recorded = read.placements.get(idempotencyKey);
    if (recorded !== undefined && recorded !== requestFingerprint)
      throw new ApiError('UnprocessableEntity', IDEMPOTENCY_KEY_REUSED);
  }

  /**
   * The customer's open checkout: the order of the cart's current checkout, skipping those cancelled (by the
   * customer, staff or expiry) to the next attempt. Its fold is null when nothing was placed there yet.
   */
  async function openCheckout(customerId: string) {
    const stream = customerCartStream(customerId);
    // The order id needs the cart's count of checkouts: the cached cart's count is a guess, whose order is read
    // beside the cart (one round trip, not two); the cart read confirms it, and a wrong guess reads again.
    const guessed = cachedCart(eventStore, stream)?.state.checkouts ?? 0;
    const [{ state: cart }, guessedOrder] = await Promise.all([
      loadCart(eventStore, stream),
      readOrder(eventStore, checkoutOrderId(customerId, guessed, 0)),
    ]);
    for (let attempt = 0; ; attempt++) {
      const orderId = checkoutOrderId(customerId, cart.checkouts, attempt);
      const folded = attempt === 0 && cart.checkouts === guessed ? guessedOrder : await readOrder(eventStore, orderId);
      if (folded.state?.view.status !== 'Cancelled') return { orderId, folded };
    }
  }

  const checkoutRunner: CheckoutDeps = { eventStore, reactNow: deps.reactNow };
  // A checkout whose request died with its instance is finished at start-up (as by the next request for its order).
  let resuming: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    resuming = resumeUnfinishedCheckouts(checkoutRunner, (orderId, error) =>
      app.log.warn({ orderId, error }, 'Checkout not resumed; the next request for its order resumes it'),
    ).catch((error: unknown) =>
      app.log.warn({ error }, 'Unfinished checkouts not read; each resumes at its next request'),
    );
  });
  app.addHook('onClose', () => resuming);
  /** The customer's submission to the order, through the checkout process (checkout.ts). */
  function submit(
    request: FastifyRequest,
    orderId: string,
    submission: CheckoutSubmission,
    repeats?: (payment: OrderPaymentView) => boolean,
  ) {
    const actor = actorOf(request);
    const metadata = commandMetadata(request, actor, now());
    return submitCheckout(checkoutRunner, { orderId, customerId: actor.id, submission, metadata, repeats });
  }

  app.post(
    '/api/account/orders',
    {
      onRequest: [onRequest, ...limits.checkout],
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "Place the customer's cart as an order at today's prices: one order per checkout of the cart",
        description:
          'Answers 201 with the new order, or 200 with the open checkout this cart already placed (revised when the cart, an address or the ' +
          'shipping method changed: back and continue, a second tab, a retry). The shipping cost is decided here from shippingMethod ' +
          '(orders/shipping.ts) and the cold-chain surcharge when a line ships on dry ice; 400 for an unknown method. 422 when an earlier request with the same key ' +
          "had another body. 409 when the subtotal at today's prices differs from expectedSubtotalCents: details.cart is the cart at the new prices.",
        body: placeOrderInput,
        response: { 200: orderCommandResponse, 201: orderCommandResponse, ...errors(400, 401, 403, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { idempotencyKey, expectedSubtotalCents, shippingMethod, address: form } = request.body;
      // The invoice's own address only when the shipping address is not used for it.
      const billingAddress = form.useForInvoice ? null : request.body.billingAddress!;
      const requestFingerprint = placementFingerprint({
        address: form,
        billingAddress,
        shippingMethod,
        expectedSubtotalCents,
      });
      const at = now();
      const metadata = commandMetadata(request, actor, at);
      // Side by side (their cart reads are one read): the checkout, the cart at today's prices, and the account's
      // exemption, which is folded in memory (no read).
      const [firstCheckout, exemption, firstCart] = await Promise.all([
        openCheckout(actor.id),
        currentTaxExemption(eventStore, actor.id),
        pricedCustomerCart(eventStore, actor.id, at),
      ]);
      let [checkout, cart] = [firstCheckout, firstCart];
      if (checkout.folded.state && !isOpenCheckout(checkout.folded.state.view)) {
        // Paid or quoted, but the cart was not checked out (its process stopped halfway): finish that first.
        await resumeCheckout(checkoutRunner, checkout.orderId);
        [checkout, cart] = await Promise.all([openCheckout(actor.id), pricedCustomerCart(eventStore, actor.id, at)]);
      }
      const { orderId, folded: existing } = checkout;
      assertSamePlacement(existing, idempotencyKey, requestFingerprint);
      // Exemption comes from the certificate on the account, verified by staff, never from the form (its field must be blank).
      const { taxExemptNumber: _blank, ...address } = form;
      const placement: OrderPlacement = {
        orderId,
        customerId: actor.id,
        idempotencyKey,
        cart,
        expectedSubtotalCents,
        address,
        billingAddress,
        taxExemptNumber: exemptionClaimFor(exemption, address.state),
        shippingMethod,
        dryIceDetailIds: await dryIceDetailsOf(
          eventStore,
          cart.lines.filter((line) => line.available),
        ),
        placedAt: at,
        requestFingerprint,
      };
      // Refused before a number is reserved, so refusals use up no order numbers.
      assertPlaceable(placement, existing.state);
      const orderNumber = existing.state?.view.orderNumber ?? (await orderNumbers.next(at, metadata));
      // The first decision uses the order read above; a lost race reads the stream again.
      // A concurrent placement of the same checkout that won the race leaves this one its order (its number a gap).
      const placed = await runOrderCommand(
        eventStore,
        orderId,
        { type: 'PlaceOrder', orderNumber, ...placement },
        metadata,
        existing,
      );
      const created = placed.events.some((event) => event.type === 'OrderPlaced');
      // Nothing decided: a retry, or a concurrent request with the same key that placed it first (with this body or not).
      if (placed.events.length === 0) assertSamePlacement(placed.decidedOn, idempotencyKey, requestFingerprint);
      return reply.code(created ? 201 : 200).send({ ...placed.view, position: placed.position });
    },
  );

  app.post(
    '/api/account/orders/:orderId/shipping-method',
    {
      onRequest: [onRequest, ...limits.checkout],
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "'Continue to payment' at the shipping step: the placed order ships by this method",
        description:
          'The same lines, addresses and tax rate; the shipping (with the dry-ice surcharge decided when the order was placed), ' +
          "the tax and the total follow the method. The same method again changes nothing. 404 for another customer's order, " +
          '409 once it is paid, quoted or cancelled.',
        params: orderIdParams,
        body: chooseShippingMethodInput,
        response: { 200: orderCommandResponse, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const at = now();
      const { orderId } = request.params;
      const read = await readOrder(eventStore, orderId);
      const command: OrderCommand = {
        type: 'ChooseShippingMethod',
        customerId: actor.id,
        shippingMethod: request.body.shippingMethod,
        requestFingerprint: read.state ? read.placements.get(read.state.idempotencyKey) : undefined,
        at,
      };
      const chosen = await runOrderCommand(eventStore, orderId, command, commandMetadata(request, actor, at), read);
      return { ...chosen.view, position: chosen.position };
    },
  );

  app.post(
    '/api/account/orders/:orderId/cancel',
    {
      onRequest,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "'Cancel' in My Orders: the customer cancels their own checkout that is still awaiting payment",
        description:
          "Answers 409 once the order is paid by purchase order, quoted or cancelled; 404 for another customer's order.",
        params: orderIdParams,
        response: { 200: orderCommandResponse, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const at = now();
      const cancelled = await runOrderCommand(
        eventStore,
        request.params.orderId,
        { type: 'CancelCheckout', customerId: actor.id, at },
        commandMetadata(request, actor, at),
      );
      return { ...cancelled.view, position: cancelled.position };
    },
  );

  app.post(
    '/api/account/orders/:orderId/purchase-order',
    {
      onRequest: [onRequest, ...limits.checkout],
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary:
          "'Continue Payment': submit the purchase order; the card is checked, then only its type and last four digits are kept",
        params: orderIdParams,
        body: purchaseOrderInput,
        response: { 200: orderCommandResponse, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      // The card number and CVV go no further than this line: only the type and last four reach the event.
      const { company, name, poNumber, cardType, cardNumber } = request.body;
      const payment = { company, name, poNumber, cardType, cardLast4: cardNumber.slice(-4) };
      const { orderId } = request.params;
      const sameSubmission = (stored: OrderPaymentView) =>
        stored.kind === 'purchase-order' && sameValue({ ...payment, kind: stored.kind }, stored);
      return submit(request, orderId, { kind: 'purchase-order', payment }, sameSubmission);
    },
  );

  app.post(
    '/api/account/orders/:orderId/quote',
    {
      onRequest: [onRequest, ...limits.checkout],
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "'Continue Quote': turn the order into a quote request (no card data at all)",
        params: orderIdParams,
        body: quoteRequestInput,
        response: { 200: orderCommandResponse, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => submit(request, request.params.orderId, { kind: 'quote-request', quote: request.body }),
  );

  app.post(
    '/api/account/orders/:orderId/accept-quote',
    {
      onRequest: [onRequest, ...limits.checkout],
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "'Accept' in My Quotes: the quote becomes an order at the quoted prices",
        description:
          "expectedVersion is the order's version the customer saw: a quote revised since answers 409, as does one past its expiry. " +
          "Another customer's quote answers 404.",
        params: orderIdParams,
        body: acceptQuoteInput,
        response: { 200: orderCommandResponse, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const { expectedVersion, poNumber } = request.body;
      return submit(request, request.params.orderId, { kind: 'quote-acceptance', expectedVersion, poNumber });
    },
  );

  app.post(
    '/api/account/orders/:orderId/decline-quote',
    {
      onRequest,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary:
          "'Decline' in My Quotes: the quote stays in My Quotes as declined, with the customer's reason if given; the sales inbox is told",
        description:
          "expectedVersion is the order's version the customer saw: a quote revised since answers 409, as does one past its expiry. Another customer's quote answers 404.",
        params: orderIdParams,
        body: declineQuoteInput,
        response: { 200: orderCommandResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const at = now();
      const command: OrderCommand = {
        type: 'DeclineQuote',
        customerId: actor.id,
        at,
        expectedVersion: request.body.expectedVersion,
        reason: request.body.reason,
      };
      const declined = await runOrderCommand(
        eventStore,
        request.params.orderId,
        command,
        commandMetadata(request, actor, at),
      );
      return { ...declined.view, position: declined.position };
    },
  );

  app.post(
    '/api/account/orders/:orderId/repeat',
    {
      onRequest: [onRequest, ...limits.cart],
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary:
          "'Repeat order': every line the catalogue still sells back into the cart at today's price; says which are gone",
        params: orderIdParams,
        body: repeatOrderInput,
        response: { 200: repeatOrderResponse, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { state } = await foldStream(eventStore, orderStream(request.params.orderId), orderDecider);
      if (!state || state.customerId !== actor.id) throw new DomainError('not_found', orderMessages.notFound);
      const at = now();
      const { lines } = state.view;
      const offers = await Promise.all(lines.map((line) => offerNow(eventStore, line)));
      const items = lines.flatMap((line, index) => {
        const offer = offers[index];
        return offer?.inStock ? [{ offer, quantity: line.quantity }] : [];
      });
      const unavailable = lines
        .filter((_, index) => !offers[index]?.inStock)
        .map(({ productName, catalogNumber }) => ({ productName, catalogNumber }));
      const stream = customerCartStream(actor.id);
      const { state: cart, position } =
        items.length > 0
          ? await runCartCommand(
              eventStore,
              stream,
              { type: 'AddItems', commandId: request.body.commandId, now: at, items },
              commandMetadata(request, actor, at),
            )
          : await loadCart(eventStore, stream);
      return { cart: cartView(actor.id, cart.cart, at), unavailable, position };
    },
  );
};
