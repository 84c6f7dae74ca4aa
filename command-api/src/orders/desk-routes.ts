import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { EventMetadata, EventStore, Position } from '@labshop/platform/event-store/port';
import type { TokenService } from '@labshop/platform/auth/tokens';
import type { OrderEvent } from '@labshop/contracts/orders/events';
import { orderCommandResponse, orderIdParams } from '@labshop/contracts/orders/commands';
import {
  cancelOrderInput,
  deskMoveInput,
  holdOrderInput,
  issueCreditNoteInput,
  markInvoicePaidInput,
  sendQuoteInput,
  shipOrderInput,
} from '@labshop/contracts/orders/desk-commands';
import type { OrderView } from '@labshop/contracts/orders/queries';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import { commandMetadata } from '../request-metadata.ts';
import { releaseStock, shipStock } from '../stock/order-stock.ts';
import type { OrderCommand } from '@labshop/contracts/orders/decider';
import { runOrderCommand } from './order-commands.ts';
import type { DeskMove, DeskMoveKind } from '@labshop/contracts/orders/desk-moves';

export interface DeskRoutesDeps {
  eventStore: EventStore;
  tokens: TokenService;
  /** The clock the moves are recorded by. */
  now?: () => Date;
}

type MoveBody = z.ZodType<{ expectedVersion?: number }>;

/**
 * One move's route: its body schema and how a body becomes the move. `decode` takes the body the route
 * validated with this very schema, which is why its type may be taken on trust there.
 */
function route<Body extends MoveBody>(definition: {
  kind: DeskMoveKind;
  summary: string;
  body: Body;
  move(input: z.infer<Body>): DeskMove;
}) {
  const decode = (validated: unknown) => {
    const input = validated as z.infer<Body>;
    return { move: definition.move(input), expectedVersion: input.expectedVersion };
  };
  return { ...definition, decode };
}

const deskRoutes = [
  route({
    kind: 'confirm',
    summary: 'Confirm an order whose purchase order was received',
    body: deskMoveInput,
    move: () => ({ kind: 'confirm' }),
  }),
  route({
    kind: 'hold',
    summary: 'Put a confirmed or processing order on hold (optional reason)',
    body: holdOrderInput,
    move: ({ reason }) => ({ kind: 'hold', reason }),
  }),
  route({
    kind: 'release',
    summary: 'Release an order on hold back to where it was',
    body: deskMoveInput,
    move: () => ({ kind: 'release' }),
  }),
  route({
    kind: 'process',
    summary: 'Start processing a confirmed order',
    body: deskMoveInput,
    move: () => ({ kind: 'process' }),
  }),
  route({
    kind: 'ship',
    summary: 'Ship an order in processing, with its carrier and tracking number',
    body: shipOrderInput,
    move: ({ carrier, trackingNumber }) => ({ kind: 'ship', carrier, trackingNumber }),
  }),
  route({
    kind: 'deliver',
    summary: 'Mark a shipped order delivered',
    body: deskMoveInput,
    move: () => ({ kind: 'deliver' }),
  }),
  route({ kind: 'close', summary: 'Close a delivered order', body: deskMoveInput, move: () => ({ kind: 'close' }) }),
  route({
    kind: 'cancel',
    summary: 'Cancel an order that has not shipped, with a reason',
    body: cancelOrderInput,
    move: ({ reason }) => ({ kind: 'cancel', reason }),
  }),
  route({
    kind: 'mark-paid',
    summary: "Mark a purchase order's invoice paid (optional payment reference)",
    body: markInvoicePaidInput,
    move: ({ reference }) => ({ kind: 'mark-paid', reference }),
  }),
];

/**
 * The order desk's moves (issue 8, the state machine of docs/orders.md): admins only, the admin the actor of
 * every event. An illegal move, or one on an older version than `expectedVersion` says, answers 409
 * and appends nothing.
 */
export const orderDeskRoutes: FastifyPluginAsyncZod<DeskRoutesDeps> = async (
  app,
  { eventStore, tokens, now = () => new Date() },
) => {
  app.addHook('onRequest', requireRole(tokens, 'admin'));

  /** A cancelled order's reservations are released; a shipped order's reserved units leave the shelf (both idempotent per order). */
  const followInStock = async (
    events: readonly OrderEvent[],
    lines: OrderView['lines'],
    orderId: string,
    at: Date,
    metadata: EventMetadata,
  ): Promise<Position> => {
    if (events.some((event) => event.type === 'OrderCancelled'))
      return releaseStock(eventStore, orderId, lines, at, metadata);
    if (events.some((event) => event.type === 'OrderShipped'))
      return shipStock(eventStore, orderId, lines, at, metadata);
    return '';
  };

  /** Decides a staff command on the order and answers the order after it, with the append's position. */
  const decideOn = async (
    request: FastifyRequest,
    orderId: string,
    command: Exclude<OrderCommand, { type: 'PlaceOrder' | 'IssueDocument' }>,
  ) => {
    const metadata = commandMetadata(request, actorOf(request), command.at);
    const moved = await runOrderCommand(eventStore, orderId, command, metadata);
    const stockMoved = await followInStock(moved.events, moved.view.lines, orderId, command.at, metadata);
    return { ...moved.view, position: stockMoved > moved.position ? stockMoved : moved.position };
  };

  app.post(
    '/api/admin/orders/:orderId/quote',
    {
      schema: {
        tags: ['order desk'],
        security: [{ bearer: [] }],
        summary:
          "Send a quote for a quote request (or revise one not yet accepted): a unit price per line, valid until a New York day's end",
        description:
          "unitPricesCents lists a price for each of the order's lines, in the order's line order; the tax is the order's rate (0 when exempt). " +
          'An order that is not a quote request or an unaccepted quote answers 409.',
        params: orderIdParams,
        body: sendQuoteInput,
        response: { 200: orderCommandResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { unitPricesCents, expiresOn, expectedVersion } = request.body;
      return decideOn(request, request.params.orderId, {
        type: 'SendQuote',
        unitPricesCents,
        expiresOn,
        expectedVersion,
        at: now(),
      });
    },
  );

  app.post(
    '/api/admin/orders/:orderId/credit-notes',
    {
      schema: {
        tags: ['order desk'],
        security: [{ bearer: [] }],
        summary:
          "Issue a credit note against the order's invoice (amount in cents, a reason); the workers render its PDF",
        description: 'An order without an issued invoice, or an amount over what is left to credit on it, answers 409.',
        params: orderIdParams,
        body: issueCreditNoteInput,
        response: { 200: orderCommandResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { amountCents, reason, expectedVersion } = request.body;
      return decideOn(request, request.params.orderId, {
        type: 'IssueCreditNote',
        amountCents,
        reason,
        expectedVersion,
        at: now(),
      });
    },
  );

  for (const { kind, summary, body, decode } of deskRoutes) {
    app.post(
      `/api/admin/orders/:orderId/${kind}`,
      {
        schema: {
          tags: ['order desk'],
          security: [{ bearer: [] }],
          summary,
          description:
            "With expectedVersion (the order view's version) a move on a changed order answers 409. An illegal move answers 409 naming the status and the rule.",
          params: orderIdParams,
          body,
          response: { 200: orderCommandResponse, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        decideOn(request, request.params.orderId, { type: 'DeskMove', ...decode(request.body), at: now() }),
    );
  }
};
