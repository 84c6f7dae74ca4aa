import { Link, useParams } from 'react-router-dom';
import { LogoutButton } from '@/features/admin-auth/components/logout-button.tsx';
import { OrderDeskOrder } from '@/features/order-desk/components/order-desk-order.tsx';
import { BackOfficeNav } from './back-office-nav.tsx';
import { RequireAdmin } from './require-admin.tsx';
import './admin.css';

export function AdminOrderRoute() {
  return (
    <RequireAdmin>
      <AdminOrderPage />
    </RequireAdmin>
  );
}

function AdminOrderPage() {
  const { orderId = '' } = useParams();
  return (
    <div className="container page">
      <div className="admin-toolbar">
        <p className="admin-eyebrow">
          Back office · <Link to="/admin/orders">Orders and quotes</Link>
        </p>
        <LogoutButton />
        <BackOfficeNav />
      </div>
      {/* Keyed by the order, so leaving for another order drops the open forms of this one. */}
      <OrderDeskOrder key={orderId} orderId={orderId} />
    </div>
  );
}
