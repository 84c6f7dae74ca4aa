import { useState, type FormEvent } from 'react';
import { purchaseOrderInput } from '@labshop/contracts/orders/commands';
import { fieldMessages } from '@labshop/contracts/customers/commands';
import { cardTypes, type CardType } from '@labshop/contracts/orders/events';
import type { OrderView } from '@labshop/contracts/orders/queries';
import { TextField } from '@/components/text-field/text-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useRequestQuote, useSubmitPurchaseOrder } from '../api/pay-order.ts';
import { orderShippingRow, salesTaxLabel } from '../checkout-tax.ts';
import { OrderSummary } from './order-summary.tsx';
import { backorderNotice } from '@labshop/contracts/stock/stock-words';
import { backorderedOf, useBackorders } from '@/lib/backorders.ts';

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

const failureMessage = (error: Error, fallback: string) =>
  error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : fallback;

/**
 * Checkout step 3: the placed order's summary and the purchase-order form. The card number and CVV go
 * to the server once, with the purchase order, and live nowhere else (not in storage, not in the URL).
 * 'Continue Quote' sends only company, name and PO number: a quote needs no card.
 */
export function PaymentStep({ order, onDone, onRefused }: PaymentStepProps) {
  const [draft, setDraft] = useState<PaymentDraft>(blankPayment);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const purchaseOrder = useSubmitPurchaseOrder();
  const quote = useRequestQuote();
  const pending = purchaseOrder.isPending || quote.isPending;
  const backorders = useBackorders(order.lines);

  const parsed = purchaseOrderInput.safeParse(draft);
  const clientErrors: Partial<Record<string, string>> = parsed.success ? {} : fieldMessages(parsed.error);
  const errorOf = (field: Field) => serverErrors[field] ?? (touched[field] ? clientErrors[field] : undefined);

  const update = (field: Field, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
  };
  const touch = (field: Field) => () => setTouched((current) => ({ ...current, [field]: true }));

  const onFailure = (fallback: string) => (error: Error) => {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return onRefused(error);
    if (error instanceof ApiError && error.status === 400) setServerErrors(error.fields);
    setFormError(failureMessage(error, fallback));
  };

  const onContinuePayment = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success || pending) return;
    setFormError(null);
    purchaseOrder.mutate(
      { orderId: order.orderId, payment: parsed.data },
      { onSuccess: () => onDone('paid'), onError: onFailure(paymentMessages.paymentFailed) },
    );
  };

  const onContinueQuote = () => {
    if (pending) return;
    setFormError(null);
    const { company, name, poNumber } = draft;
    quote.mutate(
      { orderId: order.orderId, quote: { company, name, poNumber } },
      { onSuccess: () => onDone('quoted'), onError: onFailure(paymentMessages.quoteFailed) },
    );
  };

  const select = (
    field: Field,
    label: string,
    options: readonly { value: string; label: string }[],
    autoComplete: string,
    placeholder: string,
  ) => (
    <div className="field">
      <label className="field__label" htmlFor={`payment-${field}`}>
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <select
        id={`payment-${field}`}
        className="field__input"
        autoComplete={autoComplete}
        aria-required
        value={draft[field]}
        onChange={(event) => {
          update(field, event.target.value);
          touch(field)();
        }}
        onBlur={touch(field)}
        aria-invalid={errorOf(field) !== undefined}
        aria-describedby={errorOf(field) === undefined ? undefined : `payment-${field}-error`}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {errorOf(field) !== undefined && (
        <p id={`payment-${field}-error`} className="field__error">
          {errorOf(field)}
        </p>
      )}
    </div>
  );

  return (
    <div className="checkout-layout">
      <form className="checkout-form" onSubmit={onContinuePayment} noValidate aria-label="Purchase order">
        <h2 className="checkout-form__heading">Purchase order</h2>
        <p className="checkout-form__lead">
          Order No. <strong>{order.orderNumber}</strong>
        </p>
        {formError !== null && (
          <p className="banner banner--error" role="alert">
            {formError}
          </p>
        )}
        <div className="checkout-form__grid">
          <TextField
            id="payment-company"
            label="Company"
            autoComplete="organization"
            value={draft.company}
            onChange={(event) => update('company', event.target.value)}
            onBlur={touch('company')}
            error={errorOf('company')}
          />
          <TextField
            id="payment-name"
            label="Name"
            required
            autoComplete="cc-name"
            value={draft.name}
            onChange={(event) => update('name', event.target.value)}
            onBlur={touch('name')}
            error={errorOf('name')}
          />
          <TextField
            id="payment-poNumber"
            label="PO Number"
            autoComplete="off"
            value={draft.poNumber}
            onChange={(event) => update('poNumber', event.target.value)}
            onBlur={touch('poNumber')}
            error={errorOf('poNumber')}
          />
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
            value={draft.cardNumber}
            onChange={(event) => update('cardNumber', event.target.value)}
            onBlur={touch('cardNumber')}
            error={errorOf('cardNumber')}
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
            value={draft.cvv}
            onChange={(event) => update('cvv', event.target.value)}
            onBlur={touch('cvv')}
            error={errorOf('cvv')}
          />
        </div>
        <div className="checkout-form__actions">
          <button type="submit" className="button button--primary" disabled={!parsed.success || pending}>
            {purchaseOrder.isPending ? 'Processing…' : 'Continue Payment'}
          </button>
          <button type="button" className="button button--secondary" onClick={onContinueQuote} disabled={pending}>
            {quote.isPending ? 'Sending…' : 'Continue Quote'}
          </button>
        </div>
      </form>
      <OrderSummary
        lines={order.lines.map((line) => ({
          ...line,
          stockNote: backorderNotice(line.quantity, backorderedOf(backorders, line)),
        }))}
        subtotalCents={order.subtotalCents}
        shipping={orderShippingRow(order)}
        taxLabel={salesTaxLabel(order.taxState, order.taxExemptNumber, order.taxRateBasisPoints)}
        totals={{ taxCents: order.taxCents, totalCents: order.totalCents }}
      />
    </div>
  );
}
