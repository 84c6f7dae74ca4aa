import { purchaseOrderInput, type PurchaseOrderInput } from '@labshop/contracts/orders/commands';
import { cardTypes, type CardType } from '@labshop/contracts/orders/events';
import type { OrderView } from '@labshop/contracts/orders/queries';
import { FormError } from '@/components/form-error/form-error.tsx';
import { TextField } from '@/components/text-field/text-field.tsx';
import { useCommandForm } from '@/hooks/use-command-form.ts';
import type { ApiError } from '@/lib/api-client.ts';
import { failureMessage, sessionRefused } from '../checkout-failure.ts';
import { useRequestQuote, useSubmitPurchaseOrder } from '../api/pay-order.ts';
import { PlacedOrderSummary } from './placed-order-summary.tsx';

const cardTypeLabels: Record<CardType, string> = {
  visa: 'Visa',
  master: 'Master Card',
  discover: 'Discover',
  amex: 'Amex',
};

/** 19 digits (the longest Visa) with the spaces or dashes people type between groups: the field never cuts a real number. */
const CARD_NUMBER_FIELD_LENGTH = 23;

const months = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'));

/** The spec offers 15 expiry years starting with the current one. */
const expiryYears = (now = new Date()) => Array.from({ length: 15 }, (_, index) => String(now.getFullYear() + index));

interface PaymentDraft {
  company: string;
  name: string;
  poNumber: string;
  cardType: string;
  cardNumber: string;
  month: string;
  year: string;
  cvv: string;
}

type Field = keyof PaymentDraft;

const blankPayment: PaymentDraft = {
  company: '',
  name: '',
  poNumber: '',
  cardType: '',
  cardNumber: '',
  month: '',
  year: '',
  cvv: '',
};

/** Fields whose message reads another's value: the brand's rules read the card type, the expiry reads the year. */
const readers: Partial<Record<Field, Field[]>> = { cardType: ['cardNumber', 'cvv'], year: ['month'] };

export const paymentMessages = {
  // A purchase order charges nothing (issue 21: words that match the facts).
  paid: 'Purchase order received',
  quoted: 'Your quote request has been sent.',
  paymentFailed: 'Payment processing failed',
  quoteFailed: 'The quote request could not be sent. Please try again.',
};

export type PaymentOutcome = 'paid' | 'quoted';

interface PaymentStepProps {
  order: OrderView;
  onDone(outcome: PaymentOutcome): void;
  /** An admin session is held, or the customer's session is gone: checkout starts again at /order. */
  onRefused(error: ApiError): void;
}

/**
 * Checkout step 3: the placed order's summary and the purchase-order form. The card number and CVV go
 * to the server once, with the purchase order, and live nowhere else (not in storage, not in the URL).
 * 'Continue Quote' sends only company, name and PO number: a quote needs no card.
 */
export function PaymentStep({ order, onDone, onRefused }: PaymentStepProps) {
  // Messages show once a field has been left (a choice from a list, once made); the server's stay until the field changes.
  const { form, formRef, field, formError, setFormError, refuse, onSubmit, submitting } = useCommandForm<
    PaymentDraft,
    PurchaseOrderInput
  >({ schema: purchaseOrderInput, defaultValues: blankPayment, mode: 'onTouched', focusRefused: true });
  const purchaseOrder = useSubmitPurchaseOrder();
  const quote = useRequestQuote();
  const pending = submitting || quote.isPending;

  const refused = (fallback: string) => (error: unknown) =>
    sessionRefused(error) ? onRefused(error) : refuse(error, failureMessage(error, fallback));

  /** A field whose change also rechecks, once left, the fields that read it (and a list, itself). */
  const paymentField = (name: Field, list = false) => {
    const { onChange, ...registered } = field(name);
    return {
      ...registered,
      onChange: async (event: { target: unknown; type?: unknown }) => {
        await onChange(event);
        const touched = (readers[name] ?? []).filter((reader) => form.getFieldState(reader).isTouched);
        const recheck = list ? [name, ...touched] : touched;
        if (recheck.length > 0) await form.trigger(recheck);
      },
    };
  };

  // The card number and CVV go to the server once, with the purchase order (the parsed body), and nowhere else.
  const onContinuePayment = onSubmit(async (payment) => {
    try {
      await purchaseOrder.mutateAsync({ orderId: order.orderId, payment });
      onDone('paid');
    } catch (error) {
      refused(paymentMessages.paymentFailed)(error);
    }
  });

  const onContinueQuote = () => {
    if (pending) return;
    setFormError(null);
    const { company, name, poNumber } = form.getValues();
    quote.mutate(
      { orderId: order.orderId, quote: { company, name, poNumber } },
      { onSuccess: () => onDone('quoted'), onError: refused(paymentMessages.quoteFailed) },
    );
  };

  const select = (
    name: Field,
    label: string,
    options: readonly { value: string; label: string }[],
    autoComplete: string,
    placeholder: string,
  ) => {
    const { error, ...registered } = paymentField(name, true);
    return (
      <div className="field">
        <label className="field__label" htmlFor={`payment-${name}`}>
          {label}
          <span aria-hidden="true"> *</span>
        </label>
        <select
          id={`payment-${name}`}
          className="field__input"
          autoComplete={autoComplete}
          aria-required
          {...registered}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : `payment-${name}-error`}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {error !== undefined && (
          <p id={`payment-${name}-error`} className="field__error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <div className="checkout-layout">
      <form ref={formRef} className="checkout-form" onSubmit={onContinuePayment} noValidate aria-label="Purchase order">
        <h2 className="checkout-form__heading">Purchase order</h2>
        <p className="checkout-form__lead">
          Order No. <strong>{order.orderNumber}</strong>
        </p>
        <FormError message={formError} />
        <div className="checkout-form__grid">
          <TextField id="payment-company" label="Company" autoComplete="organization" {...paymentField('company')} />
          <TextField id="payment-name" label="Name" required autoComplete="cc-name" {...paymentField('name')} />
          <TextField id="payment-poNumber" label="PO Number" autoComplete="off" {...paymentField('poNumber')} />
          {select(
            'cardType',
            'Card Type',
            cardTypes.map((type) => ({ value: type, label: cardTypeLabels[type] })),
            'cc-type',
            'Choose...',
          )}
          <TextField
            id="payment-cardNumber"
            label="Card Number"
            required
            autoComplete="cc-number"
            inputMode="numeric"
            maxLength={CARD_NUMBER_FIELD_LENGTH}
            {...paymentField('cardNumber')}
          />
          {select(
            'month',
            'Month',
            months.map((month) => ({ value: month, label: month })),
            'cc-exp-month',
            'Month',
          )}
          {select(
            'year',
            'Year',
            expiryYears().map((year) => ({ value: year, label: year })),
            'cc-exp-year',
            'Year',
          )}
          <TextField
            id="payment-cvv"
            label="CVV"
            required
            autoComplete="cc-csc"
            inputMode="numeric"
            maxLength={4}
            {...paymentField('cvv')}
          />
        </div>
        <div className="checkout-form__actions">
          <button type="submit" className="button button--primary" disabled={!form.formState.isValid || pending}>
            {submitting ? 'Processing…' : 'Continue Payment'}
          </button>
          <button type="button" className="button button--secondary" onClick={onContinueQuote} disabled={pending}>
            {quote.isPending ? 'Sending…' : 'Continue Quote'}
          </button>
        </div>
      </form>
      <PlacedOrderSummary order={order} />
    </div>
  );
}
