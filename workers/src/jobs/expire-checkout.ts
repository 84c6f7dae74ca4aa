import type { Job } from 'bullmq';
import { z } from 'zod';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import { orderDecider } from '@labshop/contracts/orders/decider';
import type { EventStore } from '@labshop/platform/event-store/port';
import { orderStream } from '@labshop/contracts/orders/events';
import { isOpenCheckout } from '@labshop/contracts/orders/desk-rules';
import { checkoutExpiresAt } from '@labshop/contracts/orders/checkout-expiry';
import type { JobRequest } from '../reactor/reactor.ts';

export const CHECKOUT_QUEUE = 'checkouts';
export const EXPIRE_CHECKOUT = 'expire-checkout';

/** The system actor of an expiry (no person ended the checkout). */
export const CHECKOUT_EXPIRY_ACTOR = { kind: 'system', id: 'checkout-expiry', email: '' } as const;

export interface ExpireCheckoutData {
  orderId: string;
  causationId: string;
  correlationId: string;
}

/** Runs when the checkout placed at `placedAt` expires (a BullMQ delayed job). */
export const expireCheckoutJob = (data: ExpireCheckoutData, placedAt: string): JobRequest<ExpireCheckoutData> => ({
  queue: CHECKOUT_QUEUE,
  name: EXPIRE_CHECKOUT,
  data,
  runAt: checkoutExpiresAt(placedAt),
});

export type ExpireCheckoutResult = 'expired' | 'not-open' | 'not-due';

const expireCheckoutData = z.object({
  orderId: z.string().min(1),
  causationId: z.string().min(1),
  correlationId: z.string().min(1),
});

/**
 * Asks the order decider to end the checkout (ExpireCheckout): an order still awaiting payment once its 7 days
 * are up is cancelled with the expiry's reason. An order paid, quoted or cancelled meanwhile is left alone, and
 * a job run early (a clock moved) does nothing. A customer's payment landing between our read and our append
 * is decided again on the fresh stream.
 */
export function createExpireCheckoutProcessor(deps: { eventStore: EventStore; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return async (job: Pick<Job<unknown>, 'data'>): Promise<ExpireCheckoutResult> => {
    const data = expireCheckoutData.parse(job.data);
    const at = now();
    const metadata = {
      actor: { ...CHECKOUT_EXPIRY_ACTOR },
      causationId: data.causationId,
      correlationId: data.correlationId,
      occurredAt: at.toISOString(),
    };
    const { events, state } = await handleCommand(
      deps.eventStore,
      orderStream(data.orderId),
      orderDecider,
      { type: 'ExpireCheckout', at },
      metadata,
    );
    if (events.length > 0) return 'expired';
    return state && isOpenCheckout(state.view) ? 'not-due' : 'not-open';
  };
}
