import { formatUsd, parseDollars, plainDollars } from '@labshop/contracts/money';
import { cartLineKey } from '@labshop/contracts/carts/fold-cart';
import { sendQuoteInput, type SendQuoteInput } from '@labshop/contracts/orders/desk-commands';
import { quoteSendableFrom } from '@labshop/contracts/orders/desk-rules';
import { FormError } from '@/components/form-error/form-error.tsx';
import { TextField } from '@/components/text-field/text-field.tsx';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { useCommandForm } from '@/hooks/use-command-form.ts';
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

/** What the quote form holds: each line's unit price as typed (dollars), and the last day. */
interface QuoteFormValues {
  prices: string[];
  lastDay: string;
}

function QuoteForm({ order }: { order: DeskOrder }) {
  const send = useSendQuote();
  const toast = useToast();
  const revising = order.quote !== null;
  const { form, formRef, field, formError, refuse, onSubmit, submitting } = useCommandForm<
    QuoteFormValues,
    SendQuoteInput
  >({
    schema: sendQuoteInput,
    toInput: ({ prices, lastDay }) => ({
      expectedVersion: order.version,
      unitPricesCents: prices.map((price) => parseDollars(price) ?? Number.NaN),
      // An empty date is a missing one: the schema says it is required.
      expiresOn: lastDay === '' ? undefined : lastDay,
    }),
    defaultValues: {
      prices: (order.quote?.lines ?? order.lines).map((line) => plainDollars(line.unitPriceCents)),
      lastDay: defaultQuoteLastDay(new Date()),
    },
    focusRefused: true,
  });

  const submit = onSubmit(
    async (input) => {
      try {
        await send.mutateAsync({ orderId: order.orderId, ...input });
        toast.success(revising ? 'Revised quote sent to the customer.' : 'Quote sent to the customer.');
      } catch (error) {
        refuse(error);
      }
    },
    () => {
      // Text that is no dollar amount never reaches the server: the form says what it expects.
      form.getValues('prices').forEach((price, index) => {
        if (parseDollars(price) === null)
          form.setError(`unitPricesCents.${index}` as 'prices', { type: 'format', message: priceMessage });
      });
    },
  );

  return (
    <form
      ref={formRef}
      className="desk-action-form"
      aria-label={revising ? 'Revise quote' : 'Send quote'}
      onSubmit={submit}
      noValidate
    >
      <FormError message={formError} />
      {order.lines.map((line, index) => (
        <TextField
          key={cartLineKey(line)}
          label={`Unit price (USD), ${line.catalogNumber} ${line.productName}${line.packSize === null ? '' : ` (${line.packSize})`} × ${line.quantity}`}
          required
          inputMode="decimal"
          {...field(`prices.${index}`, `unitPricesCents.${index}`)}
          autoComplete="off"
        />
      ))}
      <TextField
        label="Valid until"
        type="date"
        required
        hint="The last day the customer can accept it (New York time)."
        {...field('lastDay', 'expiresOn')}
      />
      <div className="desk-action-form__buttons">
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Sending…' : revising ? 'Send revised quote' : 'Send quote'}
        </button>
      </div>
    </form>
  );
}
