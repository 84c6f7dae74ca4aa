import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import { z } from 'zod';
import { WrongExpectedRevision, type EventStore } from '@labshop/shared/event-store/port';
import { checkoutCancelReasons, orderStream, type OrderEvent } from '@labshop/shared/events/orders';
import { isOpenCheckout } from '@labshop/shared/orders/desk-rules';
import { checkoutExpiresAt } from '@labshop/shared/orders/checkout-expiry';
import type { JobRequest } from '../reactor/reactor.ts';
import { readOrder } from './order-stream.ts';

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
export const expireCheckoutJob = (data: ExpireCheckoutData, placedAt: string): JobRequest<ExpireCheckoutData> => ({ queue: CHECKOUT_QUEUE, name: EXPIRE_CHECKOUT, data, runAt: checkoutExpiresAt(placedAt) });

export type ExpireCheckoutResult = 'expired' | 'not-open' | 'not-due';

const expireCheckoutData = z.object({ orderId: z.string().min(1), causationId: z.string().min(1), correlationId: z.string().min(1) });

// A customer's payment landing between our read and our append is decided again on the fresh stream.
const APPEND_TRIES = 5;

/**
 * Cancels an order still awaiting payment once its 7 days are up, by an OrderCancelled with the expiry's reason.
 * An order paid, quoted or cancelled meanwhile is left alone, and a job run early (a clock moved) does nothing.
 */
export function createExpireCheckoutProcessor(deps: { eventStore: EventStore; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return async (job: Pick<Job<unknown>, 'data'>): Promise<ExpireCheckoutResult> => {
    const data = expireCheckoutData.parse(job.data);
    for (let attempt = 1; ; attempt++) {
      const { order, events } = await readOrder(deps.eventStore, data.orderId);
      if (!order || !isOpenCheckout(order.view)) return 'not-open';
      const at = now();
      if (at.toISOString() < checkoutExpiresAt(order.view.placedAt)) return 'not-due';
      const event: OrderEvent = { type: 'OrderCancelled', data: { orderId: data.orderId, reason: checkoutCancelReasons.expired, cancelledAt: at.toISOString() } };
      const metadata = { actor: { ...CHECKOUT_EXPIRY_ACTOR }, causationId: data.causationId, correlationId: data.correlationId, occurredAt: at.toISOString() };
      try {
        await deps.eventStore.append(orderStream(data.orderId), [{ id: randomUUID(), ...event, metadata }], { expectedRevision: events.at(-1)!.revision });
        return 'expired';
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision) || attempt >= APPEND_TRIES) throw error;
      }
    }
  };
}
