import { useParams } from 'react-router-dom';
import { OrderDeskOrder } from '@/features/order-desk/components/order-desk-order.tsx';
import { AdminBreadcrumb } from './admin-page.tsx';

/** The order's own page: it titles itself with the order's number once read. */
export function AdminOrderRoute() {
  const { orderId = '' } = useParams();
  return (
    <>
      <AdminBreadcrumb parent={{ label: 'Orders and quotes', to: '/admin/orders' }} current="Order" />
      {/* Keyed by the order, so leaving for another order drops the open forms of this one. */}
      <OrderDeskOrder key={orderId} orderId={orderId} />
    </>
  );
}
