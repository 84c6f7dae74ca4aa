import { useState } from 'react';
import type { OrderQuoteView, OrderView } from '@labshop/shared/queries/orders';
import { formatUsd } from '@labshop/shared/money';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { useAcceptQuote } from '../api/accept-quote.ts';
import { formatOrderDate } from '../order-date.ts';

/** The last day a quote can be accepted: its expiry is the first instant after that (New York) day. */
export const quoteLastDay = (expiresAt: string) => formatOrderDate(new Date(Date.parse(expiresAt) - 1).toISOString());

export const isQuoteExpired = (expiresAt: string, now: Date) => now.getTime() >= Date.parse(expiresAt);

/**
 * My Quotes: the quote staff sent (its prices, tax, total and last day) and Accept. Accepting sends the
 * version the page shows, so a quote revised meanwhile is refused with the server's message and the list is
 * read again; an expired quote can no longer be accepted. A quote request not yet priced says so.
 */
export function QuoteOffer({ order, now = new Date() }: { order: OrderView; now?: Date }) {
  if (order.status === 'Quote requested') return <p className="quote-offer__note">Our sales team is preparing your quote; we email you as soon as it is ready.</p>;
  if (order.quote === null || order.status !== 'Quoted') return null;
  return <QuoteAcceptance order={order} quote={order.quote} now={now} />;
}

function QuoteAcceptance({ order, quote, now }: { order: OrderView; quote: OrderQuoteView; now: Date }) {
  const accept = useAcceptQuote();
  const toast = useToast();
  const [refusal, setRefusal] = useState<string | null>(null);
  const headingId = `quote-${order.orderId}-heading`;
  const expired = isQuoteExpired(quote.expiresAt, now);
  const lastDay = quoteLastDay(quote.expiresAt);
  const onAccept = () => {
    setRefusal(null);
    accept.mutate(
      { orderId: order.orderId, expectedVersion: order.version },
      {
        onSuccess: () => toast.success(`Quote accepted: order ${order.orderNumber} is placed at the quoted prices. It is now under My Orders.`),
        onError: (error) => setRefusal(error.message),
      },
    );
  };

  return (
    <section className="quote-offer" aria-labelledby={headingId}>
      <h3 id={headingId} className="quote-offer__heading">
        {quote.revision > 1 ? 'Your quote (revised)' : 'Your quote'}
      </h3>
      <div className="quote-offer__table-wrap">
        <table className="quote-offer__table">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Qty</th>
              <th scope="col">Quoted price</th>
              <th scope="col">Line total</th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((line) => (
              <tr key={`${line.detailId}|${line.packSize ?? ''}`}>
                <td>{`${line.catalogNumber} ${line.productName}${line.packSize === null ? '' : ` (${line.packSize})`}`}</td>
                <td>{line.quantity}</td>
                <td>{formatUsd(line.unitPriceCents)}</td>
                <td>{formatUsd(line.lineTotalCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Subtotal
              </th>
              <td>{formatUsd(quote.subtotalCents)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3}>
                Sales tax
              </th>
              <td>{formatUsd(quote.taxCents)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3}>
                Total
              </th>
              <td data-testid="quote-total">{formatUsd(quote.totalCents)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className={expired ? 'quote-offer__expiry quote-offer__expiry--expired' : 'quote-offer__expiry'}>
        {expired ? `This quote expired on ${lastDay}. Please request a new quote.` : `Valid until ${lastDay} (end of day, Eastern time).`}
      </p>
      {refusal !== null && (
        <p className="banner banner--error" role="alert">
          {refusal}
        </p>
      )}
      {!expired && (
        <button type="button" className="button button--primary" onClick={onAccept} disabled={accept.isPending} aria-describedby={headingId}>
          {accept.isPending ? 'Accepting…' : 'Accept quote'}
        </button>
      )}
    </section>
  );
}
