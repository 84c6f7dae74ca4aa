import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDispatch } from 'react-redux';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { EmptyState } from '@/components/page-state/page-state.tsx';
import { cartCheckedOut } from '@/features/cart/cart-slice.ts';
import { useOrder } from '@/features/checkout/api/get-order.ts';
import { PaymentStep, paymentMessages, type PaymentOutcome } from '@/features/checkout/components/payment-step.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useCheckoutCustomer, useCheckoutRefused } from './checkout-access.tsx';
import { CheckoutStepPage } from './checkout-step-page.tsx';
import { OrderNotReady } from './order-not-ready.tsx';

/** Navigation state into /payment-details and /order-confirmation: the previous step's success message. */
export interface PaymentNotice {
  message?: string;
}

/** The spec's placeholder order id: a page reached with it has no real order to show. */
const PLACEHOLDER_ORDER_ID = '12345';

export function PaymentDetailsRoute() {
  usePageTitle('Checkout: payment');
  const customer = useCheckoutCustomer();
  const orderId = useSearchParams()[0].get('orderId');
  if (customer === null) return <Navigate to="/order" replace />;
  if (orderId === null || orderId === '' || orderId === PLACEHOLDER_ORDER_ID) return <Navigate to="/" replace />;
  return (
    <CheckoutStepPage
      crumbs={[{ label: 'Customer Detail', to: '/customer-address' }, { label: 'Payment' }]}
      step="Payment"
      heading="Payment"
    >
      <Payment orderId={orderId} />
    </CheckoutStepPage>
  );
}

function Payment({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  // What this page just did: it leaves for the confirmation by rendering, whatever the order's refetch shows
  // meanwhile (a navigation from the handler renders as a transition, and a refetch landing first redirected
  // without the message).
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);
  const { message } = (useLocation().state ?? {}) as PaymentNotice;
  const dispatch = useDispatch();
  const queryClient = useQueryClient();
  const onRefused = useCheckoutRefused();

  if (outcome !== null)
    return (
      <Navigate
        to={`/order-confirmation/${orderId}`}
        replace
        state={{ message: paymentMessages[outcome] } satisfies PaymentNotice}
      />
    );
  if (order.error !== null || order.data === undefined) return <OrderNotReady order={order} />;
  if (order.data.status === 'Cancelled')
    return (
      <EmptyState>
        <p>This order was cancelled and can no longer be paid.</p>
        <Link to="/cartaction/show">Shopping cart</Link>
      </EmptyState>
    );
  // Paid or quoted already (a second tab, the back button): there is nothing left to pay.
  if (order.data.payment !== null) return <Navigate to={`/order-confirmation/${orderId}`} replace />;

  return (
    <>
      {message !== undefined && (
        <p className="banner banner--success" role="status">
          {message}
        </p>
      )}
      <PaymentStep
        order={order.data}
        onDone={(done) => {
          // The server cart was checked out with the order; the local one empties without a command.
          dispatch(cartCheckedOut());
          setOutcome(done);
          void queryClient.invalidateQueries({ queryKey: queryKeys.accountOrders });
        }}
        onRefused={onRefused}
      />
    </>
  );
}
