import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { orderAddressInput } from '@labshop/shared/commands/orders';
import { fieldMessages } from '@labshop/shared/commands/customers';
import { cartView, type CartView } from '@labshop/shared/queries/carts';
import type { OrderView } from '@labshop/shared/queries/orders';
import { formatUsd } from '@labshop/shared/money';
import { salesTaxRates } from '@labshop/shared/tax/sales-tax';
import { TextField } from '@/components/text-field/text-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { checkoutCartQueryKey } from '../api/get-checkout-cart.ts';
import { usePlaceOrder } from '../api/place-order.ts';
import type { AddressDraft } from '../address-draft.ts';
import { checkoutTotals, salesTaxLabel } from '../checkout-tax.ts';
import { exemptionClaimFor } from '@labshop/shared/orders/tax-exemption';
import { useTaxExemption } from '@/lib/tax-exemption.ts';
import { TaxExemptionNotice } from './tax-exemption-notice.tsx';
import { priceChangesBetween, type PriceChange } from '../price-changes.ts';
import { OrderSummary } from './order-summary.tsx';
import { backorderNotice } from '@labshop/shared/stock/stock-words';
import { backorderedOf, useBackorders } from '@/features/cart/api/get-availability.ts';

type Field = keyof AddressDraft;

const textFields: readonly { field: Exclude<Field, 'state' | 'useForInvoice' | 'taxExemptNumber'>; label: string; autoComplete: string; optional?: boolean; readOnly?: boolean }[] = [
  { field: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { field: 'email', label: 'Email', autoComplete: 'email', readOnly: true },
  { field: 'company', label: 'Company', autoComplete: 'organization', optional: true },
  { field: 'phone', label: 'Phone number', autoComplete: 'tel' },
  { field: 'address1', label: 'Address', autoComplete: 'address-line1' },
  { field: 'address2', label: 'Address 2', autoComplete: 'address-line2', optional: true },
  { field: 'city', label: 'City', autoComplete: 'address-level2' },
];

/** The spec's fallback when the server gives no message (§8 Order save). */
const orderSaveFailed = 'Failed to save order. Please try again.';

interface AddressStepProps {
  cart: CartView;
  initialAddress: AddressDraft;
  onPlaced(order: OrderView): void;
  /** The server priced the cart anew when it refused the order; the local cart takes those prices too. */
  onRepriced(cart: CartView): void;
  /** An admin session is held, or the customer's session is gone: checkout starts again at /order. */
  onRefused(error: ApiError): void;
}

/** Checkout step 2: the address form beside the order summary, whose tax line follows the chosen state. */
export function AddressStep({ cart, initialAddress, onPlaced, onRepriced, onRefused }: AddressStepProps) {
  const [draft, setDraft] = useState<AddressDraft>(initialAddress);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [priceChanges, setPriceChanges] = useState<PriceChange[]>([]);
  // One key for this attempt: a double click, a retry after a lost answer or a resubmit after a price
  // change all land on the same order (the server derives the order id from it).
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const queryClient = useQueryClient();
  const placeOrder = usePlaceOrder();

  const parsed = orderAddressInput.safeParse(draft);
  const clientErrors: Partial<Record<string, string>> = parsed.success ? {} : fieldMessages(parsed.error);
  const errorOf = (field: Field) => serverErrors[`address.${field}`] ?? (touched[field] ? clientErrors[field] : undefined);
  const unavailable = cart.lines.filter((line) => !line.available);
  // Exemption is the account's certificate, once staff verified it and only for its state: the server decides the same way.
  const exemption = useTaxExemption();
  const claim = exemptionClaimFor(exemption.data, draft.state);
  const backorders = useBackorders(cart.lines.filter((line) => line.available));
  const totals = checkoutTotals(cart.subtotalCents, draft.state, claim);

  const update = <K extends Field>(field: K, value: AddressDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [`address.${field}`]: undefined }));
    setFormError(null);
  };
  const touch = (field: Field) => () => setTouched((current) => ({ ...current, [field]: true }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success || unavailable.length > 0) return;
    setFormError(null);
    placeOrder.mutate(
      { idempotencyKey, address: parsed.data, expectedSubtotalCents: cart.subtotalCents },
      {
        onSuccess: onPlaced,
        onError: (error) => {
          const priced = error instanceof ApiError && error.status === 409 ? cartView.safeParse((error.details as { cart?: unknown } | undefined)?.cart) : null;
          if (priced?.success) {
            setPriceChanges(priceChangesBetween(cart, priced.data));
            queryClient.setQueryData(checkoutCartQueryKey, priced.data);
            onRepriced(priced.data);
            return;
          }
          if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return onRefused(error);
          if (error instanceof ApiError && error.status === 400) setServerErrors(error.fields);
          setFormError(error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : orderSaveFailed);
        },
      },
    );
  };

  return (
    <div className="checkout-layout">
      <form className="checkout-form" onSubmit={onSubmit} noValidate aria-label="Shipping address">
        <h2 className="checkout-form__heading">Shipping address</h2>
        {formError !== null && (
          <p className="banner banner--error" role="alert">
            {formError}
          </p>
        )}
        {priceChanges.length > 0 && (
          <div className="banner banner--warning" role="alert">
            <p>Prices changed since you saw them. Please check the new total and confirm:</p>
            <ul>
              {priceChanges.map((change) => (
                <li key={`${change.productName}|${change.packSize ?? ''}`}>
                  {change.productName}
                  {change.packSize !== null && ` (${change.packSize})`}:{' '}
                  {change.toCents === null
                    ? 'no longer available'
                    : change.fromCents === null
                      ? `now ${formatUsd(change.toCents)}`
                      : `${formatUsd(change.fromCents)} → ${formatUsd(change.toCents)}`}
                </li>
              ))}
            </ul>
          </div>
        )}
        {unavailable.length > 0 && (
          <p className="banner banner--warning" role="alert">
            {unavailable.map((line) => line.productName).join(', ')} can no longer be ordered. Please remove{' '}
            {unavailable.length === 1 ? 'it' : 'them'} in your <Link to="/cartaction/show">shopping cart</Link>.
          </p>
        )}
        <div className="checkout-form__grid">
          {textFields.map(({ field, label, autoComplete, optional, readOnly }) => (
            <TextField
              key={field}
              id={`address-${field}`}
              label={optional ? `${label} (optional)` : label}
              required={!optional && !readOnly}
              autoComplete={autoComplete}
              readOnly={readOnly}
              value={draft[field]}
              onChange={(event) => update(field, event.target.value)}
              onBlur={touch(field)}
              error={errorOf(field)}
            />
          ))}
          <div className="field">
            <label className="field__label" htmlFor="address-state">
              State<span aria-hidden="true"> *</span>
            </label>
            <select
              id="address-state"
              className="field__input"
              autoComplete="address-level1"
              aria-required
              value={draft.state}
              onChange={(event) => {
                update('state', event.target.value);
                touch('state')();
              }}
              onBlur={touch('state')}
              aria-invalid={errorOf('state') !== undefined}
              aria-describedby={errorOf('state') === undefined ? undefined : 'address-state-error'}
            >
              <option value="">Choose...</option>
              {salesTaxRates.map((state) => (
                <option key={state.code} value={state.code}>
                  {state.name}
                </option>
              ))}
            </select>
            {errorOf('state') !== undefined && (
              <p id="address-state-error" className="field__error">
                {errorOf('state')}
              </p>
            )}
          </div>
          <TextField
            id="address-zipCode"
            label="Zip code"
            required
            autoComplete="postal-code"
            inputMode="numeric"
            value={draft.zipCode}
            onChange={(event) => update('zipCode', event.target.value)}
            onBlur={touch('zipCode')}
            error={errorOf('zipCode')}
          />
        </div>
        {!exemption.isPending && <TaxExemptionNotice exemption={exemption.data} stateCode={draft.state} />}
        <label className="choice">
          <input type="checkbox" checked={draft.useForInvoice} onChange={(event) => update('useForInvoice', event.target.checked)} />
          Use this address for the invoice
        </label>
        <div className="checkout-form__actions">
          <Link className="button button--secondary" to="/cartaction/show">
            Back to cart
          </Link>
          <button type="submit" className="button button--primary" disabled={!parsed.success || unavailable.length > 0 || placeOrder.isPending}>
            {placeOrder.isPending ? 'Saving your order…' : priceChanges.length > 0 ? 'Confirm new prices and continue' : 'Continue to payment'}
          </button>
        </div>
      </form>
      <OrderSummary
        lines={cart.lines.filter((line) => line.available).map((line) => ({ ...line, stockNote: backorderNotice(line.quantity, backorderedOf(backorders, line)) }))}
        subtotalCents={cart.subtotalCents}
        taxLabel={salesTaxLabel(draft.state, claim)}
        totals={totals}
      />
    </div>
  );
}
