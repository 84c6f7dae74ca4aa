import { useDispatch } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { RepeatOrderAnswer } from '@labshop/shared/queries/orders';
import { AccountNav } from '@/features/account/components/account-nav.tsx';
import { cartAdopted } from '@/features/cart/cart-slice.ts';
import { MyOrders } from '@/features/orders/components/my-orders.tsx';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { RequireCustomer } from './require-customer.tsx';
import '@/features/account/components/account.css';

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
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const toast = useToast();

  const onRepeated = ({ cart, unavailable }: RepeatOrderAnswer) => {
    dispatch(cartAdopted(cart));
    const gone = unavailable.map((line) => (line.catalogNumber === '' ? line.productName : `${line.productName} (Cat No. ${line.catalogNumber})`));
    if (gone.length > 0) toast.error(`No longer available, so not added: ${gone.join(', ')}.`);
    if (cart.lines.length === 0) return;
    toast.success("The order's items are in your cart at today's prices.");
    void navigate('/cartaction/show');
  };

  return (
    <div className="container page">
      <h1>{heading}</h1>
      <div className="account-layout">
        <AccountNav />
        <section className="account-panel" aria-label={heading}>
          <MyOrders kind={kind} page={pageOf(search.get('page'))} onRepeated={onRepeated} />
        </section>
      </div>
    </div>
  );
}
