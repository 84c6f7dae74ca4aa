import { ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { HistoryPanel } from '@/components/history/history-panel.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useDeskOrder, type DeskOrderDetail } from '../api/get-desk-order.ts';
import { formatBusinessTime } from '@labshop/contracts/dates';
import { kindLabel } from '../desk-format.ts';
import { OrderActions } from './order-actions.tsx';
import { OrderCustomer } from './erase-customer.tsx';
import { ERASED_CUSTOMER } from '@labshop/contracts/orders/erased-customer';
import { OrderFacts } from './order-facts.tsx';
import { OrderLinesTable } from './order-lines-table.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import { QuotePanel } from './quote-form.tsx';
import './order-desk.css';

/** One order (or quote) as staff work on it: what was bought, where it goes, what can be done next, and everything that happened. */
export function OrderDeskOrder({ orderId }: { orderId: string }) {
  const detail = useDeskOrder(orderId);
  usePageTitle(detail.data === undefined ? 'Order' : `${kindLabel(detail.data.kind)} ${detail.data.order.orderNumber}`);

  // Once shown, the order stays on screen if a later refetch fails; the next move or reload tries again.
  if (detail.data !== undefined) return <OrderPage detail={detail.data} />;
  if (detail.error === null) return <LoadingState>Loading the order…</LoadingState>;
  if (detail.error instanceof ApiError && detail.error.status === 404) {
    return (
      <div className="state-message" role="alert">
        <h1>Order not found</h1>
        <p>No order has this address; it may have been mistyped.</p>
      </div>
    );
  }
  return (
    <ErrorState
      message={`The order could not be loaded. ${detail.error.message}`}
      onRetry={() => void detail.refetch()}
      retrying={detail.isRefetching}
    />
  );
}

function OrderPage({ detail }: { detail: DeskOrderDetail }) {
  const { order, customer, kind } = detail;
  return (
    <article className="desk-order" aria-labelledby="desk-order-heading">
      <header className="desk-order__header">
        <h1 id="desk-order-heading">{`${kindLabel(kind)} ${order.orderNumber}`}</h1>
        <dl className="desk-order__facts">
          <div>
            <dt>Status</dt>
            <dd>
              <span className="desk-status" data-testid="order-status">
                {order.status}
              </span>
            </dd>
          </div>
          <div>
            <dt>Placed</dt>
            <dd>
              <time dateTime={order.placedAt}>{formatBusinessTime(order.placedAt)}</time>
            </dd>
          </div>
          <div>
            <dt>Customer</dt>
            <dd>
              <OrderCustomer customer={customer} />
            </dd>
          </div>
        </dl>
      </header>
      <OrderActions detail={detail} />
      <QuotePanel order={order} />
      <div className="desk-order__grid">
        <section className="desk-panel desk-order__lines" aria-labelledby="desk-lines-heading">
          <h2 id="desk-lines-heading">Lines</h2>
          <OrderLinesTable order={order} />
        </section>
        <OrderFacts order={order} customerErased={customer.email === ERASED_CUSTOMER.email} />
      </div>
      <OrderTimeline timeline={detail.timeline} />
      <section className="desk-panel" aria-labelledby="desk-audit-heading">
        <h2 id="desk-audit-heading">Audit and time travel</h2>
        <HistoryPanel
          entityType="order"
          entityId={order.orderId}
          itemName={`${kindLabel(kind)} ${order.orderNumber}`}
        />
      </section>
    </article>
  );
}
