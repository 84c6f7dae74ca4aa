import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { shippingLine } from '@labshop/contracts/orders/shipping';
import { useOrder } from '@/features/checkout/api/get-order.ts';
import { ShippingStep } from '@/features/checkout/components/shipping-step.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { useCheckoutCustomer, useCheckoutRefused } from './checkout-access.tsx';
import { CheckoutStepPage } from './checkout-step-page.tsx';
import { OrderNotReady } from './order-not-ready.tsx';
import type { PaymentNotice } from './payment-details.tsx';

/** Checkout step 3 (/shipping-method?orderId=…): the method for the order the address step placed. */
export function ShippingMethodRoute() {
  usePageTitle('Checkout: shipping');
  const customer = useCheckoutCustomer();
  const orderId = useSearchParams()[0].get('orderId');
  if (customer === null) return <Navigate to="/order" replace />;
  if (orderId === null || orderId === '') return <Navigate to="/customer-address" replace />;
  return (
    <CheckoutStepPage
      crumbs={[{ label: 'Address Details', to: '/customer-address' }, { label: 'Shipping' }]}
      step="Shipping"
      heading="Shipping method"
    >
      <Shipping orderId={orderId} />
    </CheckoutStepPage>
  );
}

function Shipping({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  const { message } = (useLocation().state ?? {}) as PaymentNotice;
  const navigate = useNavigate();
  const onRefused = useCheckoutRefused();

  if (order.error !== null || order.data === undefined) return <OrderNotReady order={order} />;
  // Cancelled, paid or quoted (a second tab, the back button): its shipping can no longer change.
  if (order.data.status === 'Cancelled' || order.data.payment !== null)
    return <Navigate to={`/payment-details?${new URLSearchParams({ orderId }).toString()}`} replace />;

  return (
    <>
      {message !== undefined && (
        <p className="banner banner--success" role="status">
          {message}
        </p>
      )}
      <ShippingStep
        order={order.data}
        onChosen={(chosen) =>
          void navigate(`/payment-details?${new URLSearchParams({ orderId: chosen.orderId }).toString()}`, {
            state: {
              message: `${shippingLine(chosen.shipping)} saved for order ${chosen.orderNumber}. Please choose how to pay.`,
            } satisfies PaymentNotice,
          })
        }
        onRefused={onRefused}
      />
    </>
  );
}
