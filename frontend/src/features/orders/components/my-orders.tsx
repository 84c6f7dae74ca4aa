import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { OrderKind, OrderView } from '@labshop/contracts/orders/queries';
import type { RepeatOrderAnswer } from '@labshop/contracts/orders/queries';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { useMyOrders } from '../api/get-my-orders.ts';
import { useRepeatOrder } from '../api/repeat-order.ts';
import { downloadMyInvoice } from '../api/download-invoice.ts';
import { useCustomerToken } from '@/lib/customer-session.ts';
import { OrderCard } from './order-card.tsx';
import './orders.css';

const kinds: readonly { kind: OrderKind; label: string; href: string }[] = [
  { kind: 'orders', label: 'My Orders', href: '/my-order' },
  { kind: 'quotes', label: 'My Quotes', href: '/my-order?tab=quotes' },
];

const pageHref = (kind: OrderKind, page: number) => {
  const query = new URLSearchParams();
  if (kind === 'quotes') query.set('tab', 'quotes');
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return search === '' ? '/my-order' : `/my-order?${search}`;
};

interface MyOrdersProps {
  kind: OrderKind;
  page: number;
  onRepeated(answer: RepeatOrderAnswer): void;
}

/** The customer's orders or quotes, newest first, a page at a time. */
export function MyOrders({ kind, page, onRepeated }: MyOrdersProps) {
  const orders = useMyOrders(kind, page);
  const repeat = useRepeatOrder();
  const [repeatError, setRepeatError] = useState<string | null>(null);
  const token = useCustomerToken();
  // My Orders is a customer route: without a session the guard has already sent the visitor to sign in.
  const onDownloadInvoice = (order: OrderView, invoiceNumber: string) =>
    token === null
      ? Promise.reject(new Error('Please sign in again.'))
      : downloadMyInvoice(order.orderId, invoiceNumber, token);

  const onRepeat = (order: OrderView) => {
    setRepeatError(null);
    repeat.mutate(order.orderId, {
      onSuccess: onRepeated,
      onError: (error) => setRepeatError(`${order.orderNumber} could not be repeated. ${error.message}`),
    });
  };

  const list = orders.data;
  const pages = list === undefined ? 1 : Math.max(1, Math.ceil(list.total / list.pageSize));

  return (
    <div className="my-orders">
      <nav className="my-orders__kinds" aria-label="Orders or quotes">
        {kinds.map((option) => (
          <Link
            key={option.kind}
            to={option.href}
            className="my-orders__kind"
            aria-current={option.kind === kind ? 'page' : undefined}
          >
            {option.label}
          </Link>
        ))}
      </nav>
      {repeatError !== null && (
        <p className="banner banner--error" role="alert">
          {repeatError}
        </p>
      )}
      {orders.error !== null ? (
        <ErrorState
          message={`Your ${kind} could not be loaded. ${orders.error.message}`}
          onRetry={() => void orders.refetch()}
          retrying={orders.isRefetching}
        />
      ) : list === undefined ? (
        <LoadingState>{`Loading your ${kind}…`}</LoadingState>
      ) : list.orders.length === 0 ? (
        <EmptyState>
          <p>{kind === 'quotes' ? 'You have not requested a quote yet.' : 'You have not placed an order yet.'}</p>
          <Link className="button button--primary" to="/products">
            Browse products
          </Link>
        </EmptyState>
      ) : (
        <>
          <div className="my-orders__list" aria-busy={orders.isPlaceholderData}>
            {list.orders.map((order) => (
              <OrderCard
                key={order.orderId}
                order={order}
                onRepeat={onRepeat}
                repeating={repeat.isPending && repeat.variables === order.orderId}
                onDownloadInvoice={onDownloadInvoice}
              />
            ))}
          </div>
          {pages > 1 && (
            <nav className="my-orders__pages" aria-label="Pages">
              {page > 1 ? (
                <Link className="button button--secondary button--small" to={pageHref(kind, page - 1)}>
                  Previous page
                </Link>
              ) : (
                <span />
              )}
              <span>{`Page ${page} of ${pages}`}</span>
              {page < pages ? (
                <Link className="button button--secondary button--small" to={pageHref(kind, page + 1)}>
                  Next page
                </Link>
              ) : (
                <span />
              )}
            </nav>
          )}
        </>
      )}
    </div>
  );
}
