import { Link } from 'react-router-dom';
import { addressLines } from '@labshop/contracts/postal-address';
import type { OrderView } from '@labshop/contracts/orders/queries';
import { orderShippingRow, salesTaxLabel } from '../checkout-tax.ts';
import { OrderSummary } from './order-summary.tsx';
import { reservedText } from '@labshop/contracts/stock/stock-words';
import { purchaseOrderWords } from '@labshop/contracts/orders/payment-words';

interface OrderConfirmationProps {
  /** The success message the payment step passed on ('Purchase order received'); absent on a reload. */
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
          <OrderParties order={order} />
          <OrderSummary
            heading="Your order"
            lines={order.lines.map((line) => ({ ...line, stockNote: reservedText(line) }))}
            subtotalCents={order.subtotalCents}
            shipping={orderShippingRow(order)}
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

/** Who and where: ship-to, bill-to, and the purchase order (its number, the card on file) or the quote request. */
function OrderParties({ order }: { order: OrderView }) {
  const { payment, address, billingAddress } = order;
  return (
    <dl className="order-confirmation__parties">
      <div>
        <dt>Ship to</dt>
        <dd>
          {addressLines(address).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </dd>
      </div>
      <div>
        <dt>Bill to</dt>
        <dd>
          {address.useForInvoice
            ? 'Same as the shipping address'
            : billingAddress
              ? [...addressLines(billingAddress), billingAddress.email].map((line) => <span key={line}>{line}</span>)
              : // Placed before billing addresses were asked for: the purchase order's company and buyer are billed.
                'The company and buyer on the purchase order'}
        </dd>
      </div>
      {payment?.kind === 'purchase-order' && (
        <div>
          <dt>Payment</dt>
          <dd>
            <span>{purchaseOrderWords(payment)}</span>
            <span>Nothing has been charged: we invoice you for this order.</span>
          </dd>
        </div>
      )}
      {payment?.kind === 'quote' && (
        <div>
          <dt>Quote request</dt>
          <dd>{`PO number: ${payment.poNumber === '' ? '—' : payment.poNumber}`}</dd>
        </div>
      )}
    </dl>
  );
}
