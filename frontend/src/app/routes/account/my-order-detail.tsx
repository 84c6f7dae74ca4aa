import { useParams } from 'react-router-dom';
import { MyOrderPage } from '@/features/orders/components/my-order-page.tsx';
import { AccountPage } from '@/features/account/components/account-page.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { RequireCustomer } from './require-customer.tsx';
import { useRepeatedOrder } from './use-repeated-order.ts';

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
    <AccountPage heading="Your order" panelLabel="Your order">
      <MyOrderPage orderId={orderId} onRepeated={onRepeated} />
    </AccountPage>
  );
}
