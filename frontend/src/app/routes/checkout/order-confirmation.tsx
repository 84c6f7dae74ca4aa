import { Link, useLocation, useParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { useOrder } from '@/features/checkout/api/get-order.ts';
import { OrderConfirmation } from '@/features/checkout/components/order-confirmation.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { ApiError } from '@/lib/api-client.ts';
import { RequireCustomer } from '../account/require-customer.tsx';
import type { PaymentNotice } from './payment-details.tsx';
import '@/features/checkout/components/checkout.css';

/** The spec: the order id comes from the route, else navigation state, else a placeholder (no order to show). */
export function OrderConfirmationRoute() {
  usePageTitle('Order confirmation');
  const { id } = useParams();
  const state = (useLocation().state ?? {}) as PaymentNotice & { orderId?: string };
  const orderId = id ?? state.orderId;
  return (
    <div className="container page">
      {orderId === undefined ? (
        <OrderConfirmation message={state.message ?? null} order={null} />
      ) : (
        <RequireCustomer>
          <ConfirmedOrder orderId={orderId} message={state.message ?? null} />
        </RequireCustomer>
      )}
    </div>
  );
}

function ConfirmedOrder({ orderId, message }: { orderId: string; message: string | null }) {
  const order = useOrder(orderId);
  if (order.error !== null) {
    if (order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400))
      return (
        <div className="state-message">
          <p>This order was not found.</p>
          <Link to="/my-order">My Orders</Link>
        </div>
      );
    return <ErrorState message={`The order could not be loaded. ${order.error.message}`} onRetry={() => void order.refetch()} retrying={order.isRefetching} />;
  }
  if (order.data === undefined) return <LoadingState>Loading your order…</LoadingState>;
  return <OrderConfirmation message={message} order={order.data} />;
}
