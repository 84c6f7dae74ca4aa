import { shippingLine } from '@labshop/contracts/orders/shipping';
import { cartLineKey } from '@labshop/contracts/carts/fold-cart';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { acceptQuoteInput, declineQuoteInput } from '@labshop/contracts/orders/commands';
import type { OrderQuoteView, OrderView } from '@labshop/contracts/orders/queries';
import { formatUsd } from '@labshop/contracts/money';
import { salesTaxLine } from '@labshop/contracts/tax/sales-tax';
import { FormError } from '@/components/form-error/form-error.tsx';
import { TextField } from '@/components/text-field/text-field.tsx';
import { useCommandForm } from '@/hooks/use-command-form.ts';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { useAcceptQuote, useDeclineQuote } from '../api/accept-quote.ts';
import { formatOrderDate } from '@labshop/contracts/dates';

/** The last day a quote can be accepted: its expiry is the first instant after that (New York) day. */
export const quoteLastDay = (expiresAt: string) => formatOrderDate(new Date(Date.parse(expiresAt) - 1).toISOString());

export const isQuoteExpired = (expiresAt: string, now: Date) => now.getTime() >= Date.parse(expiresAt);

/**
 * My Quotes: the quote staff sent (its prices, tax, total and last day) and Accept. Accepting sends the
 * version the page shows, so a quote revised meanwhile is refused with the server's message and the list is
 * read again; an expired quote can no longer be accepted. A quote request not yet priced says so.
 */
export function QuoteOffer({ order, now = new Date() }: { order: OrderView; now?: Date }) {
  if (order.status === 'Quote requested')
    return (
      <p className="quote-offer__note">Our sales team is preparing your quote; we email you as soon as it is ready.</p>
    );
  const { quote } = order;
  if (quote === null) return null;
  if (quote.acceptedAt !== null) {
    const po = order.payment?.poNumber ? ` with PO ${order.payment.poNumber}` : '';
    return (
      <p className="quote-offer__note">{`You accepted this quote on ${formatOrderDate(quote.acceptedAt)}${po}: it is an order at the quoted prices.`}</p>
    );
  }
  if (quote.declined !== null) {
    return (
      <p className="quote-offer__note">{`You declined this quote on ${formatOrderDate(quote.declined.declinedAt)}${quote.declined.reason ? `. Your reason: ${quote.declined.reason}` : '.'}`}</p>
    );
  }
  if (order.status !== 'Quoted') return null;
  return <QuoteAcceptance order={order} quote={quote} now={now} />;
}

function QuoteAcceptance({ order, quote, now }: { order: OrderView; quote: OrderQuoteView; now: Date }) {
  const accept = useAcceptQuote();
  const decline = useDeclineQuote();
  const toast = useToast();
  // Accepting and declining each ask first: accepting for the PO number the invoice will carry, declining for a reason.
  const [step, setStep] = useState<'offer' | 'accept' | 'decline'>('offer');
  const headingId = `quote-${order.orderId}-heading`;
  const expired = isQuoteExpired(quote.expiresAt, now);
  const lastDay = quoteLastDay(quote.expiresAt);

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
              <tr key={cartLineKey(line)}>
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
            {order.shipping && (
              <tr>
                <th scope="row" colSpan={3}>
                  {shippingLine(order.shipping)}
                </th>
                <td>{formatUsd(quote.shippingCents ?? 0)}</td>
              </tr>
            )}
            <tr>
              <th scope="row" colSpan={3}>
                {salesTaxLine(order)}
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
        {expired
          ? `This quote expired on ${lastDay}. Please request a new quote.`
          : `Valid until ${lastDay} (end of day, Eastern time).`}
      </p>
      {!expired && step === 'offer' && (
        <div className="quote-offer__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => setStep('accept')}
            aria-describedby={headingId}
          >
            Accept quote…
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setStep('decline')}
            aria-describedby={headingId}
          >
            Decline quote…
          </button>
        </div>
      )}
      {!expired && step === 'accept' && (
        <QuoteAnswer
          label="Confirm acceptance"
          schema={acceptQuoteInput}
          expectedVersion={order.version}
          field={{
            name: 'poNumber',
            label: 'PO Number',
            hint: 'Your purchase order number, printed on the invoice.',
            maxLength: 50,
            initial: order.payment?.poNumber ?? '',
          }}
          send={async (input) => {
            await accept.mutateAsync({ orderId: order.orderId, ...input });
            toast.success(
              `Quote accepted: order ${order.orderNumber} is placed at the quoted prices. It is also under My Orders.`,
            );
          }}
          onBack={() => setStep('offer')}
          submit={['Confirm and place order', 'Accepting…']}
          primary
        >
          <p>{`Accept this quote for ${formatUsd(quote.totalCents)}? It becomes an order at these prices and we email you its invoice (Net 30).`}</p>
        </QuoteAnswer>
      )}
      {!expired && step === 'decline' && (
        <QuoteAnswer
          label="Decline the quote"
          schema={declineQuoteInput}
          expectedVersion={order.version}
          field={{
            name: 'reason',
            label: 'Reason (optional)',
            hint: 'It helps our sales team; they read it.',
            maxLength: 500,
            initial: '',
          }}
          send={async (input) => {
            await decline.mutateAsync({ orderId: order.orderId, ...input });
            toast.success(`Quote ${order.orderNumber} declined. Thank you for letting us know.`);
          }}
          onBack={() => setStep('offer')}
          submit={['Decline quote', 'Declining…']}
        />
      )}
    </section>
  );
}

/** The one text field a quote answer asks for, and what it starts with. */
interface AnswerField {
  name: 'poNumber' | 'reason';
  label: string;
  hint: string;
  maxLength: number;
  initial: string;
}

interface QuoteAnswerProps<Input> {
  label: string;
  /** The answer's command schema (`expectedVersion` and the one field), checked before it is sent. */
  schema: z.ZodType<Input>;
  /** The order version the customer saw: a quote revised meanwhile is refused (409). */
  expectedVersion: number;
  field: AnswerField;
  /** Sends the answer; a refusal (its field messages, its message) shows in the form. */
  send(input: Input): Promise<void>;
  onBack(): void;
  /** The submit button's words, and its words while the answer is sent. */
  submit: readonly [string, string];
  /** Accepting is the primary action; declining is the danger one. */
  primary?: boolean;
  children?: ReactNode;
}

/** The customer's answer to a quote, confirmed in a small form: its field, then submit and Back to the offer. */
function QuoteAnswer<Input>({
  label,
  schema,
  expectedVersion,
  field: answerField,
  send,
  onBack,
  submit,
  primary = false,
  children,
}: QuoteAnswerProps<Input>) {
  const { formRef, field, formError, refuse, onSubmit, submitting } = useCommandForm<Record<string, string>, Input>({
    schema,
    defaultValues: { [answerField.name]: answerField.initial },
    toInput: (values) => ({ expectedVersion, ...values }),
    focusRefused: true,
  });
  const sendAnswer = onSubmit(async (input) => {
    try {
      await send(input);
    } catch (error) {
      refuse(error);
    }
  });
  return (
    <form
      ref={formRef}
      className="quote-offer__confirm"
      aria-label={label}
      onSubmit={(event) => void sendAnswer(event)}
      noValidate
    >
      <FormError message={formError} />
      {children}
      <TextField
        label={answerField.label}
        hint={answerField.hint}
        maxLength={answerField.maxLength}
        autoFocus
        {...field(answerField.name)}
      />
      <div className="quote-offer__actions">
        <button
          type="submit"
          className={`button ${primary ? 'button--primary' : 'button--danger'}`}
          disabled={submitting}
        >
          {submitting ? submit[1] : submit[0]}
        </button>
        <button type="button" className="button button--secondary" onClick={onBack} disabled={submitting}>
          Back
        </button>
      </div>
    </form>
  );
}
