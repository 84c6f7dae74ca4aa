import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { OrderView } from '@labshop/contracts/orders/queries';
import { ApiError } from '@/lib/api-client.ts';
import { useCancelCheckout } from '../api/cancel-checkout.ts';

const cancelFailed = 'The order could not be cancelled. Please try again.';

/** An unpaid checkout in My Orders: Pay now goes back to its payment step; Cancel ends it (asked twice). */
export function OpenCheckoutActions({ order, describedBy }: { order: OrderView; describedBy: string }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelCheckout();
  const error =
    cancel.error === null
      ? null
      : cancel.error instanceof ApiError && cancel.error.status > 0 && cancel.error.status < 500
        ? cancel.error.message
        : cancelFailed;
  return (
    <div className="order-card__checkout" role="group" aria-label={`Unpaid order ${order.orderNumber}`}>
      <p className="order-card__note">Not paid yet: this order is kept for 7 days from when it was placed.</p>
      <Link
        className="button button--primary button--small"
        to={`/payment-details?${new URLSearchParams({ orderId: order.orderId }).toString()}`}
        aria-describedby={describedBy}
      >
        Pay now
      </Link>
      {confirming ? (
        <>
          <button
            type="button"
            className="button button--danger button--small"
            onClick={() => cancel.mutate(order.orderId)}
            disabled={cancel.isPending}
            aria-describedby={describedBy}
          >
            {cancel.isPending ? 'Cancelling…' : 'Yes, cancel this order'}
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setConfirming(false)}
            disabled={cancel.isPending}
          >
            Keep it
          </button>
        </>
      ) : (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setConfirming(true)}
          aria-describedby={describedBy}
        >
          Cancel order
        </button>
      )}
      {error !== null && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
