import { useLocation, useParams } from 'react-router-dom';
import { useOrder } from '@/features/checkout/api/get-order.ts';
import { OrderConfirmation } from '@/features/checkout/components/order-confirmation.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { RequireCustomer } from '../account/require-customer.tsx';
import { OrderNotReady } from './order-not-ready.tsx';
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
  if (order.error !== null || order.data === undefined) return <OrderNotReady order={order} />;
  return <OrderConfirmation message={message} order={order.data} />;
}
