import { useSearchParams } from 'react-router-dom';
import { MyOrders } from '@/features/orders/components/my-orders.tsx';
import { AccountPage } from '@/features/account/components/account-page.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { RequireCustomer } from './require-customer.tsx';
import { useRepeatedOrder } from './use-repeated-order.ts';

export function MyOrderRoute() {
  return (
    <RequireCustomer>
      <MyOrder />
    </RequireCustomer>
  );
}

/** A page number from the query string: anything but a whole number ≥ 1 is the first page. */
const pageOf = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

function MyOrder() {
  const [search] = useSearchParams();
  const kind = search.get('tab') === 'quotes' ? 'quotes' : 'orders';
  const heading = kind === 'quotes' ? 'My Quotes' : 'My Orders';
  usePageTitle(heading);
  const onRepeated = useRepeatedOrder();

  return (
    <AccountPage heading={heading} panelLabel={heading}>
      <MyOrders kind={kind} page={pageOf(search.get('page'))} onRepeated={onRepeated} />
    </AccountPage>
  );
}
