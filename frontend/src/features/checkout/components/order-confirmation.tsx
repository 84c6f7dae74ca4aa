import { Link } from 'react-router-dom';
import type { OrderView } from '@labshop/shared/queries/orders';
import { salesTaxLabel } from '../checkout-tax.ts';
import { OrderSummary } from './order-summary.tsx';
import { reservedText } from '@labshop/shared/stock/stock-words';

interface OrderConfirmationProps {
  /** The success message the payment step passed on ('Payment processed successfully!'); absent on a reload. */
  message: string | null;
  /** Null when the page was opened without an order id (the spec's placeholder case). */
  order: OrderView | null;
}

export function OrderConfirmation({ message, order }: OrderConfirmationProps) {
  const isQuote = order?.payment?.kind === 'quote';
  return (
    <div className="order-confirmation">
      {message !== null && (
        <p className="banner banner--success" role="status">
          {message}
        </p>
      )}
      <h1>{isQuote ? 'Thank you for your quote request' : 'Thank you for your order'}</h1>
      {order === null ? (
        <p>
          You can follow it in <Link to="/my-order">My Orders</Link>.
        </p>
      ) : (
        <>
          <p className="order-confirmation__number">
            Order No. <strong>{order.orderNumber}</strong> · {order.status}
          </p>
          <p>
            You can follow it in{' '}
            <Link to={isQuote ? '/my-order?tab=quotes' : '/my-order'}>{isQuote ? 'My Quotes' : 'My Orders'}</Link>.
          </p>
          <OrderSummary
            heading="Your order"
            lines={order.lines.map((line) => ({ ...line, stockNote: reservedText(line) }))}
            subtotalCents={order.subtotalCents}
            taxLabel={salesTaxLabel(order.taxState, order.taxExemptNumber, order.taxRateBasisPoints)}
            totals={{ taxCents: order.taxCents, totalCents: order.totalCents }}
          />
        </>
      )}
      <Link className="button button--primary" to="/">
        Continue Shopping
      </Link>
    </div>
  );
}
