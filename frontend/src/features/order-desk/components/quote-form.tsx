import { useState, type FormEvent } from 'react';
import { formatUsd, parseDollars, plainDollars } from '@labshop/contracts/money';
import { quoteSendableFrom } from '@labshop/contracts/orders/desk-rules';
import { TextField } from '@/components/text-field/text-field.tsx';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { ApiError } from '@/lib/api-client.ts';
import type { DeskOrder } from '../api/get-desk-order.ts';
import { useSendQuote } from '../api/quote-and-credit.ts';
import { defaultQuoteLastDay } from '../desk-money.ts';
import { formatBusinessTime } from '@labshop/contracts/dates';

const priceMessage = 'Unit price must be an amount in dollars, e.g. 12.50';

/**
 * The order desk's quote: what was last sent (prices, total, last day), and the form that sends a quote for
 * a quote request or revises one not yet accepted: a unit price per line (prefilled with the last quote's,
 * else the catalogue's at placing) and the last day it holds. Tax follows the order's rate on the server.
 */
export function QuotePanel({ order }: { order: DeskOrder }) {
  const { quote } = order;
  const sendable = quoteSendableFrom.includes(order.status);
  if (!sendable && quote === null) return null;
  return (
    <section className="desk-panel" aria-labelledby="desk-quote-heading">
      <h2 id="desk-quote-heading">Quote</h2>
      {quote !== null && (
        <p className="desk-note">
          {`Quote ${quote.revision > 1 ? `revision ${quote.revision} ` : ''}sent `}
          <time dateTime={quote.sentAt}>{formatBusinessTime(quote.sentAt)}</time>
          {`: total ${formatUsd(quote.totalCents)}, valid until `}
          <time dateTime={quote.expiresAt}>
            {formatBusinessTime(new Date(Date.parse(quote.expiresAt) - 60_000).toISOString())}
          </time>
          {quote.acceptedAt !== null && (
            <>
              {'; accepted '}
              <time dateTime={quote.acceptedAt}>{formatBusinessTime(quote.acceptedAt)}</time>
            </>
          )}
          .
        </p>
      )}
      {sendable && <QuoteForm key={order.version} order={order} />}
    </section>
  );
}

function QuoteForm({ order }: { order: DeskOrder }) {
  const send = useSendQuote();
  const toast = useToast();
  const pricedLines = order.quote?.lines ?? order.lines;
  const [prices, setPrices] = useState(() => pricedLines.map((line) => plainDollars(line.unitPriceCents)));
  const [lastDay, setLastDay] = useState(() => defaultQuoteLastDay(new Date()));
  const [submitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const revising = order.quote !== null;

  const cents = prices.map(parseDollars);
  const serverFields = send.error instanceof ApiError ? send.error.fields : {};
  const priceError = (index: number) =>
    submitted && cents[index] === null ? priceMessage : serverFields[`unitPricesCents.${index}`];
  const lastDayError = (submitted && lastDay === '' ? 'Valid until is required' : undefined) ?? serverFields.expiresOn;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setRefusal(null);
    if (cents.some((value) => value === null) || lastDay === '') return;
    send.mutate(
      {
        orderId: order.orderId,
        unitPricesCents: cents as number[],
        expiresOn: lastDay,
        expectedVersion: order.version,
      },
      {
        onSuccess: () =>
          toast.success(revising ? 'Revised quote sent to the customer.' : 'Quote sent to the customer.'),
        onError: (error) => {
          if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) setRefusal(error.message);
        },
      },
    );
  };

  return (
    <form
      className="desk-action-form"
      aria-label={revising ? 'Revise quote' : 'Send quote'}
      onSubmit={submit}
      noValidate
    >
      {refusal !== null && (
        <p className="banner banner--error" role="alert">
          {refusal}
        </p>
      )}
      {order.lines.map((line, index) => (
        <TextField
          key={`${line.detailId}|${line.packSize ?? ''}`}
          label={`Unit price (USD), ${line.catalogNumber} ${line.productName}${line.packSize === null ? '' : ` (${line.packSize})`} × ${line.quantity}`}
          required
          inputMode="decimal"
          value={prices[index] ?? ''}
          onChange={(event) =>
            setPrices((current) => current.map((price, at) => (at === index ? event.target.value : price)))
          }
          error={priceError(index)}
          autoComplete="off"
        />
      ))}
      <TextField
        label="Valid until"
        type="date"
        required
        hint="The last day the customer can accept it (New York time)."
        value={lastDay}
        onChange={(event) => setLastDay(event.target.value)}
        error={lastDayError}
      />
      <div className="desk-action-form__buttons">
        <button type="submit" className="button button--primary" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : revising ? 'Send revised quote' : 'Send quote'}
        </button>
      </div>
    </form>
  );
}
