import type { CardType } from '@labshop/contracts/orders/events';
import { addressLines, type LabelledAddress } from '@labshop/contracts/postal-address';
import type { DeskOrder } from '../api/get-desk-order.ts';
import { formatBusinessTime } from '@labshop/contracts/dates';
import { formatUsd } from '@labshop/contracts/money';
import { orderMoney } from '@labshop/contracts/orders/order-money';
import { OrderInvoices } from './order-invoices.tsx';

const cardTypeLabels: Record<CardType, string> = {
  visa: 'Visa',
  master: 'Master Card',
  discover: 'Discover',
  amex: 'Amex',
};

/** The order's money story (orderMoney): the same figures the customer, the documents and the ledger show. */
function MoneyPairs({ order }: { order: DeskOrder }) {
  const money = orderMoney(order);
  return (
    <>
      <dt>Paid</dt>
      <dd>{formatUsd(money.paidCents)}</dd>
      <dt>Credited</dt>
      <dd>{formatUsd(money.creditedCents)}</dd>
      <dt>{money.refundDueCents > 0 ? 'Refund due' : 'Balance due'}</dt>
      <dd>{formatUsd(money.refundDueCents > 0 ? money.refundDueCents : money.balanceCents)}</dd>
    </>
  );
}

/** An address as staff read it: its label's lines, then the email. */
function AddressBlock({ address }: { address: LabelledAddress & { email: string } }) {
  return (
    <address className="desk-address">
      {[...addressLines(address), address.email].map((line, index) => (
        <span key={index}>{line}</span>
      ))}
    </address>
  );
}

/** Where it goes, how it is paid, and where it stands in shipping, cancellation and payment. */
export function OrderFacts({ order, customerErased }: { order: DeskOrder; customerErased: boolean }) {
  const { address, billingAddress, payment, shipment, cancellation, paidAt } = order;
  return (
    <div className="desk-order__side">
      <section className="desk-panel" aria-labelledby="desk-address-heading">
        <h2 id="desk-address-heading">Ship to</h2>
        <AddressBlock address={address} />
        {address.useForInvoice && <p className="desk-note">Also the invoice address.</p>}
      </section>

      {!address.useForInvoice && billingAddress && (
        <section className="desk-panel" aria-labelledby="desk-billing-heading">
          <h2 id="desk-billing-heading">Bill to</h2>
          <AddressBlock address={billingAddress} />
        </section>
      )}

      <section className="desk-panel" aria-labelledby="desk-payment-heading">
        <h2 id="desk-payment-heading">{payment?.kind === 'quote' ? 'Quote request' : 'Purchase order'}</h2>
        {payment === null ? (
          <p className="desk-note">
            Not paid yet: the customer has not submitted a purchase order or asked for a quote.
          </p>
        ) : (
          <dl className="desk-pairs">
            <dt>PO number</dt>
            <dd>{payment.poNumber === '' ? '—' : payment.poNumber}</dd>
            <dt>Company</dt>
            <dd>{payment.company === '' ? '—' : payment.company}</dd>
            <dt>Name</dt>
            <dd>{payment.name === '' ? '—' : payment.name}</dd>
            {payment.kind === 'purchase-order' && (
              <>
                <dt>Card</dt>
                <dd>{`${cardTypeLabels[payment.cardType]} ending ${payment.cardLast4}`}</dd>
              </>
            )}
            {order.invoices.length > 0 && (
              <>
                <dt>Invoice</dt>
                <dd>
                  {paidAt === null ? (
                    'Not paid yet'
                  ) : (
                    <>
                      Paid <time dateTime={paidAt}>{formatBusinessTime(paidAt)}</time>
                    </>
                  )}
                </dd>
                <MoneyPairs order={order} />
              </>
            )}
          </dl>
        )}
      </section>

      <OrderInvoices order={order} retained={customerErased} />

      {shipment !== null && (
        <section className="desk-panel" aria-labelledby="desk-shipment-heading">
          <h2 id="desk-shipment-heading">Shipment</h2>
          <dl className="desk-pairs">
            <dt>Carrier</dt>
            <dd>{shipment.carrier}</dd>
            <dt>Tracking number</dt>
            <dd>{shipment.trackingNumber}</dd>
            <dt>Shipped</dt>
            <dd>
              <time dateTime={shipment.shippedAt}>{formatBusinessTime(shipment.shippedAt)}</time>
            </dd>
          </dl>
        </section>
      )}

      {cancellation !== null && (
        <section className="desk-panel" aria-labelledby="desk-cancellation-heading">
          <h2 id="desk-cancellation-heading">Cancelled</h2>
          <dl className="desk-pairs">
            <dt>Reason</dt>
            <dd>{cancellation.reason}</dd>
            <dt>When</dt>
            <dd>
              <time dateTime={cancellation.cancelledAt}>{formatBusinessTime(cancellation.cancelledAt)}</time>
            </dd>
          </dl>
        </section>
      )}
    </div>
  );
}
