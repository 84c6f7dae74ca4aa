import { useState, type FormEvent } from 'react';
import { cartLineKey } from '@labshop/contracts/carts/fold-cart';
import { Link } from 'react-router-dom';
import { billingAddressInput, orderAddressInput } from '@labshop/contracts/orders/commands';
import { fieldMessages } from '@labshop/contracts/customers/commands';
import { cartView, type CartView } from '@labshop/contracts/carts/queries';
import type { OrderView } from '@labshop/contracts/orders/queries';
import { formatUsd } from '@labshop/contracts/money';
import { FormError } from '@/components/form-error/form-error.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { usePlaceOrder } from '../api/place-order.ts';
import type { AddressDraft, BillingDraft } from '../address-draft.ts';
import { AddressFields, type AddressFieldName } from './address-fields.tsx';
import { checkoutTotals, salesTaxLabel } from '../checkout-tax.ts';
import { exemptionClaimFor } from '@labshop/contracts/orders/tax-exemption';
import { useTaxExemption } from '@/lib/tax-exemption.ts';
import { TaxExemptionNotice } from './tax-exemption-notice.tsx';
import { priceChangesBetween, type PriceChange } from '../price-changes.ts';
import { OrderSummary } from './order-summary.tsx';
import { lastShippingMethod } from '../shipping-choice.ts';
import { useBackorders } from '@/lib/backorders.ts';
import { failureMessage, sessionRefused } from '../checkout-failure.ts';
import { withStockNotes } from '../stock-notes.ts';

type Field = keyof AddressDraft;

/** The spec's fallback when the server gives no message (§8 Order save). */
const orderSaveFailed = 'Failed to save order. Please try again.';

interface AddressStepProps {
  /** The server's cart, which the order is placed from. */
  cart: Pick<CartView, 'lines' | 'subtotalCents'>;
  initialAddress: AddressDraft;
  /** The billing form's starting values, shown once "Use this address for the invoice" is unticked. */
  initialBilling: BillingDraft;
  onPlaced(order: OrderView): void;
  /** The server priced the cart anew when it refused the order; the local cart takes those prices too. */
  onRepriced(cart: CartView): void;
  /** An admin session is held, or the customer's session is gone: checkout starts again at /order. */
  onRefused(error: ApiError): void;
}

/**
 * Checkout step 2: the address form beside the order summary, whose tax line follows the chosen state. Continuing
 * places (or revises) the checkout's one order with the shipping method last chosen; the shipping step then chooses
 * the method for that order.
 */
export function AddressStep({
  cart,
  initialAddress,
  initialBilling,
  onPlaced,
  onRepriced,
  onRefused,
}: AddressStepProps) {
  const [draft, setDraft] = useState<AddressDraft>(initialAddress);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [billing, setBilling] = useState<BillingDraft>(initialBilling);
  const [billingTouched, setBillingTouched] = useState<Partial<Record<AddressFieldName, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [priceChanges, setPriceChanges] = useState<PriceChange[]>([]);
  // One key for this attempt: a double click, a retry after a lost answer or a resubmit after a price
  // change all land on the same order (the server derives the order id from it).
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const placeOrder = usePlaceOrder();

  const parsed = orderAddressInput.safeParse(draft);
  const clientErrors: Partial<Record<string, string>> = parsed.success ? {} : fieldMessages(parsed.error);
  const errorOf = (field: Field) =>
    serverErrors[`address.${field}`] ?? (touched[field] ? clientErrors[field] : undefined);
  // The billing address is its own form, checked by the same rules, only while the shipping address is not used for the invoice.
  const billingParsed = draft.useForInvoice ? null : billingAddressInput.safeParse(billing);
  const billingErrors: Partial<Record<string, string>> =
    billingParsed && !billingParsed.success ? fieldMessages(billingParsed.error) : {};
  const billingErrorOf = (field: AddressFieldName) =>
    serverErrors[`billingAddress.${field}`] ?? (billingTouched[field] ? billingErrors[field] : undefined);
  const addressesValid = parsed.success && (billingParsed === null || billingParsed.success);
  const unavailable = cart.lines.filter((line) => !line.available);
  // Exemption is the account's certificate, once staff verified it and only for its state: the server decides the same way.
  const exemption = useTaxExemption();
  const claim = exemptionClaimFor(exemption.data, draft.state);
  const backorders = useBackorders(cart.lines.filter((line) => line.available));
  // Shipping is chosen at the next step: until then the totals are the goods' alone, and the summary says so.
  const totals = checkoutTotals(cart.subtotalCents, draft.state, claim, 0);

  const update = <K extends Field>(field: K, value: AddressDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [`address.${field}`]: undefined }));
    setFormError(null);
  };
  const touch = (field: Field) => () => setTouched((current) => ({ ...current, [field]: true }));
  const updateBilling = (field: AddressFieldName, value: string) => {
    setBilling((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [`billingAddress.${field}`]: undefined, billingAddress: undefined }));
    setFormError(null);
  };
  const touchBilling = (field: AddressFieldName) => setBillingTouched((current) => ({ ...current, [field]: true }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success || !addressesValid || unavailable.length > 0) return;
    setFormError(null);
    placeOrder.mutate(
      // The method chosen last at the shipping step (Ground at first); the next step shows it and may change it.
      {
        idempotencyKey,
        address: parsed.data,
        billingAddress: billingParsed?.success ? billingParsed.data : null,
        shippingMethod: lastShippingMethod(),
        expectedSubtotalCents: cart.subtotalCents,
      },
      {
        onSuccess: onPlaced,
        onError: (error) => {
          const priced =
            error instanceof ApiError && error.status === 409
              ? cartView.safeParse((error.details as { cart?: unknown } | undefined)?.cart)
              : null;
          if (priced?.success) {
            setPriceChanges(priceChangesBetween(cart, priced.data));
            onRepriced(priced.data);
            return;
          }
          if (sessionRefused(error)) return onRefused(error);
          if (error instanceof ApiError && error.status === 400) setServerErrors(error.fields);
          setFormError(failureMessage(error, orderSaveFailed));
        },
      },
    );
  };

  return (
    <div className="checkout-layout">
      <form className="checkout-form" onSubmit={onSubmit} noValidate aria-label="Shipping address">
        <h2 className="checkout-form__heading">Shipping address</h2>
        <FormError message={formError} />
        {priceChanges.length > 0 && (
          <div className="banner banner--warning" role="alert">
            <p>Prices changed since you saw them. Please check the new total and confirm:</p>
            <ul>
              {priceChanges.map((change) => (
                <li key={cartLineKey(change)}>
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
        <AddressFields
          idPrefix="address"
          emailReadOnly
          values={draft}
          onChange={update}
          onBlur={(field) => touch(field)()}
          errorOf={errorOf}
        />
        {!exemption.isPending && <TaxExemptionNotice exemption={exemption.data} stateCode={draft.state} />}
        <label className="choice">
          <input
            type="checkbox"
            checked={draft.useForInvoice}
            onChange={(event) => update('useForInvoice', event.target.checked)}
          />
          Use this address for the invoice
        </label>
        {!draft.useForInvoice && (
          <fieldset className="checkout-form__billing">
            <legend className="checkout-form__heading">Billing address</legend>
            {serverErrors.billingAddress !== undefined && (
              <p className="field__error" role="alert">
                {serverErrors.billingAddress}
              </p>
            )}
            <AddressFields
              idPrefix="billing"
              autofillHint="billing"
              values={billing}
              onChange={updateBilling}
              onBlur={touchBilling}
              errorOf={billingErrorOf}
            />
          </fieldset>
        )}
        <div className="checkout-form__actions">
          <Link className="button button--secondary" to="/cartaction/show">
            Back to cart
          </Link>
          <button
            type="submit"
            className="button button--primary"
            disabled={!addressesValid || unavailable.length > 0 || placeOrder.isPending}
          >
            {placeOrder.isPending
              ? 'Saving your order…'
              : priceChanges.length > 0
                ? 'Confirm new prices and continue'
                : 'Continue to shipping'}
          </button>
        </div>
      </form>
      <OrderSummary
        lines={withStockNotes(
          cart.lines.filter((line) => line.available),
          backorders,
        )}
        subtotalCents={cart.subtotalCents}
        shipping={null}
        taxLabel={salesTaxLabel(draft.state, claim)}
        totals={totals}
      />
    </div>
  );
}
