import { formatUsd } from '@labshop/contracts/money';
import { orderMoney } from '@labshop/contracts/orders/order-money';
import type { OrderView } from '@labshop/contracts/orders/queries';

/**
 * The order's money story as the customer reads it (orderMoney, the same the order desk, the documents and
 * the finance ledger tell): invoiced, paid, credited, and what is still owed or owed back. Nothing before
 * the invoice is issued.
 */
export function OrderMoneyFacts({ order }: { order: OrderView }) {
  if (order.invoices.length === 0) return null;
  const money = orderMoney(order);
  return (
    <dl className="order-card__facts order-card__money" aria-label={`Payment of order ${order.orderNumber}`}>
      <div>
        <dt>Invoiced</dt>
        <dd>{formatUsd(money.invoicedCents)}</dd>
      </div>
      <div>
        <dt>Paid</dt>
        <dd>{formatUsd(money.paidCents)}</dd>
      </div>
      <div>
        <dt>Credited</dt>
        <dd>{formatUsd(money.creditedCents)}</dd>
      </div>
      {money.refundDueCents > 0 ? (
        <div>
          <dt>Refund due to you</dt>
          <dd>{formatUsd(money.refundDueCents)}</dd>
        </div>
      ) : (
        <div>
          <dt>Balance due</dt>
          <dd>{formatUsd(money.balanceCents)}</dd>
        </div>
      )}
    </dl>
  );
}
