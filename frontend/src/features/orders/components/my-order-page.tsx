import { useState } from 'react';
import { Link } from 'react-router-dom';
import { orderKindOf } from '@labshop/contracts/orders/fold-order';
import type { OrderView, RepeatOrderAnswer } from '@labshop/contracts/orders/queries';
import { ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { useCustomerToken } from '@/lib/customer-session.ts';
import { downloadMyInvoice } from '../api/download-invoice.ts';
import { useMyOrder } from '../api/get-my-order.ts';
import { useRepeatOrder } from '../api/repeat-order.ts';
import { OrderCard } from './order-card.tsx';
import './orders.css';

interface MyOrderPageProps {
  orderId: string;
  onRepeated(answer: RepeatOrderAnswer): void;
}

/** One order on its own page: its status, its money story (paid, credited, balance), tracking, documents and lines. */
export function MyOrderPage({ orderId, onRepeated }: MyOrderPageProps) {
  const order = useMyOrder(orderId);
  const repeat = useRepeatOrder();
  const [repeatError, setRepeatError] = useState<string | null>(null);
  const token = useCustomerToken();
  const onDownloadInvoice = (view: OrderView, invoiceNumber: string) =>
    token === null
      ? Promise.reject(new Error('Please sign in again.'))
      : downloadMyInvoice(view.orderId, invoiceNumber, token);
  const onRepeat = (view: OrderView) => {
    setRepeatError(null);
    repeat.mutate(view.orderId, {
      onSuccess: onRepeated,
      onError: (error) => setRepeatError(`${view.orderNumber} could not be repeated. ${error.message}`),
    });
  };
  const back =
    order.data !== undefined && orderKindOf(order.data) === 'quote'
      ? { href: '/my-order?tab=quotes', label: 'All my quotes' }
      : { href: '/my-order', label: 'All my orders' };

  return (
    <div className="my-orders">
      <p>
        <Link to={back.href}>{back.label}</Link>
      </p>
      {repeatError !== null && (
        <p className="banner banner--error" role="alert">
          {repeatError}
        </p>
      )}
      {order.error !== null ? (
        <ErrorState
          message={`This order could not be loaded. ${order.error.message}`}
          onRetry={() => void order.refetch()}
          retrying={order.isRefetching}
        />
      ) : order.data === undefined ? (
        <LoadingState>Loading your order…</LoadingState>
      ) : (
        <OrderCard
          order={order.data}
          onRepeat={onRepeat}
          repeating={repeat.isPending}
          onDownloadInvoice={onDownloadInvoice}
        />
      )}
    </div>
  );
}
