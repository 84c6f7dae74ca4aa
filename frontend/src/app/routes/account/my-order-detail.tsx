import { useParams } from 'react-router-dom';
import { AccountNav } from '@/features/account/components/account-nav.tsx';
import { MyOrderPage } from '@/features/orders/components/my-order-page.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { RequireCustomer } from './require-customer.tsx';
import { useRepeatedOrder } from './use-repeated-order.ts';
import '@/features/account/components/account.css';

export function MyOrderDetailRoute() {
  return (
    <RequireCustomer>
      <MyOrderDetail />
    </RequireCustomer>
  );
}

function MyOrderDetail() {
  const { orderId = '' } = useParams();
  usePageTitle('Your order');
  const onRepeated = useRepeatedOrder();
  return (
    <div className="container page">
      <h1>Your order</h1>
      <div className="account-layout">
        <AccountNav />
        <section className="account-panel" aria-label="Your order">
          <MyOrderPage orderId={orderId} onRepeated={onRepeated} />
        </section>
      </div>
    </div>
  );
}
