import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventStore } from '@labshop/shared/event-store/port';
import type { TokenService } from '@labshop/shared/auth/tokens';
import { orderStream } from '@labshop/shared/events/orders';
import { orderIdParams } from '@labshop/shared/commands/orders';
import { cancelOrderInput, deskMoveInput, holdOrderInput, markInvoicePaidInput, shipOrderInput } from '@labshop/shared/commands/order-desk';
import { orderView } from '@labshop/shared/queries/orders';
import { actorOf, requireRole } from '@labshop/shared/http/auth-guard';
import { errors } from '@labshop/shared/http/schemas';
import { handleCommand } from '../command-handler.ts';
import { commandMetadata } from '../request-metadata.ts';
import { orderDecider } from './decider.ts';
import type { DeskMove, DeskMoveKind } from './desk-moves.ts';

export interface DeskRoutesDeps {
  eventStore: EventStore;
  tokens: TokenService;
  /** The clock the moves are recorded by. */
  now?: () => Date;
}

const movedOrder = orderView.extend({ position: z.string().describe('Send as x-labshop-position on reads to see this move') });

type MoveBody = z.ZodType<{ expectedVersion?: number }>;

/**
 * One move's route: its body schema and how a body becomes the move. `decode` takes the body the route
 * validated with this very schema, which is why its type may be taken on trust there.
 */
function route<Body extends MoveBody>(definition: { kind: DeskMoveKind; summary: string; body: Body; move(input: z.infer<Body>): DeskMove }) {
  const decode = (validated: unknown) => {
    const input = validated as z.infer<Body>;
    return { move: definition.move(input), expectedVersion: input.expectedVersion };
  };
  return { ...definition, decode };
}

const deskRoutes = [
  route({ kind: 'confirm', summary: 'Confirm an order whose purchase order was received', body: deskMoveInput, move: () => ({ kind: 'confirm' }) }),
  route({ kind: 'hold', summary: 'Put a confirmed or processing order on hold (optional reason)', body: holdOrderInput, move: ({ reason }) => ({ kind: 'hold', reason }) }),
  route({ kind: 'release', summary: 'Release an order on hold back to where it was', body: deskMoveInput, move: () => ({ kind: 'release' }) }),
  route({ kind: 'process', summary: 'Start processing a confirmed order', body: deskMoveInput, move: () => ({ kind: 'process' }) }),
  route({
    kind: 'ship',
    summary: 'Ship an order in processing, with its carrier and tracking number',
    body: shipOrderInput,
    move: ({ carrier, trackingNumber }) => ({ kind: 'ship', carrier, trackingNumber }),
  }),
  route({ kind: 'deliver', summary: 'Mark a shipped order delivered', body: deskMoveInput, move: () => ({ kind: 'deliver' }) }),
  route({ kind: 'close', summary: 'Close a delivered order', body: deskMoveInput, move: () => ({ kind: 'close' }) }),
  route({ kind: 'cancel', summary: 'Cancel an order that has not shipped, with a reason', body: cancelOrderInput, move: ({ reason }) => ({ kind: 'cancel', reason }) }),
  route({
    kind: 'mark-paid',
    summary: "Mark a purchase order's invoice paid (optional payment reference)",
    body: markInvoicePaidInput,
    move: ({ reference }) => ({ kind: 'mark-paid', reference }),
  }),
];

/**
 * The order desk's moves (issue 8, ORDERS.md's state machine): admins only, the admin the actor of
 * every event. An illegal move, or one on an older version than `expectedVersion` says, answers 409
 * and appends nothing.
 */
export const orderDeskRoutes: FastifyPluginAsyncZod<DeskRoutesDeps> = async (app, { eventStore, tokens, now = () => new Date() }) => {
  app.addHook('onRequest', requireRole(tokens, 'admin'));

  for (const { kind, summary, body, decode } of deskRoutes) {
    app.post(
      `/api/admin/orders/:orderId/${kind}`,
      {
        schema: {
          tags: ['order desk'],
          security: [{ bearer: [] }],
          summary,
          description: 'With expectedVersion (the order view\'s version) a move on a changed order answers 409. An illegal move answers 409 naming the status and the rule.',
          params: orderIdParams,
          body,
          response: { 200: movedOrder, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const at = now();
        const command = { type: 'DeskMove' as const, ...decode(request.body), at };
        const moved = await handleCommand(eventStore, orderStream(request.params.orderId), orderDecider, command, commandMetadata(request, actorOf(request), at));
        return { ...moved.state!.view, position: moved.position };
      },
    );
  }
};
