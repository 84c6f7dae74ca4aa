import { useState } from 'react';
import { cartLineKey } from '@labshop/contracts/carts/fold-cart';
import { Link } from 'react-router-dom';
import { placeOrderInput, type PlaceOrderInput } from '@labshop/contracts/orders/commands';
import { cartView, type CartView } from '@labshop/contracts/carts/queries';
import type { OrderView } from '@labshop/contracts/orders/queries';
import { formatUsd } from '@labshop/contracts/money';
import { FormError } from '@/components/form-error/form-error.tsx';
import { useCommandForm } from '@/hooks/use-command-form.ts';
import { ApiError } from '@/lib/api-client.ts';
import { usePlaceOrder } from '../api/place-order.ts';
import type { AddressDraft, BillingDraft } from '../address-draft.ts';
import { AddressFields } from './address-fields.tsx';
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

/** What the form holds: the shipping address and the billing form (sent only while the invoice goes elsewhere). */
interface AddressValues {
  address: AddressDraft;
  billingAddress: BillingDraft;
}

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
  const [priceChanges, setPriceChanges] = useState<PriceChange[]>([]);
  // One key for this attempt: a double click, a retry after a lost answer or a resubmit after a price
  // change all land on the same order (the server derives the order id from it).
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const placeOrder = usePlaceOrder();
  // The body the form sends: the billing address only while the shipping address is not used for the invoice, and
  // the method chosen last at the shipping step (Ground at first; the next step shows it and may change it).
  const toInput = ({ address, billingAddress }: AddressValues) => ({
    idempotencyKey,
    address,
    billingAddress: address.useForInvoice ? null : billingAddress,
    shippingMethod: lastShippingMethod(),
    expectedSubtotalCents: cart.subtotalCents,
  });
  // Messages show once a field has been left; the server's stay until the field changes.
  const { form, formRef, field, errorOf, formError, refuse, onSubmit, submitting } = useCommandForm<
    AddressValues,
    PlaceOrderInput
  >({
    schema: placeOrderInput,
    toInput,
    defaultValues: { address: initialAddress, billingAddress: initialBilling },
    mode: 'onTouched',
    focusRefused: true,
  });
  const values = form.watch();
  const addressesValid = placeOrderInput.safeParse(toInput(values)).success;
  const { state, useForInvoice } = values.address;
  const unavailable = cart.lines.filter((line) => !line.available);
  // Exemption is the account's certificate, once staff verified it and only for its state: the server decides the same way.
  const exemption = useTaxExemption();
  const claim = exemptionClaimFor(exemption.data, state);
  const backorders = useBackorders(cart.lines.filter((line) => line.available));
  // Shipping is chosen at the next step: until then the totals are the goods' alone, and the summary says so.
  const totals = checkoutTotals(cart.subtotalCents, state, claim, 0);

  const onContinue = onSubmit(async (body) => {
    if (unavailable.length > 0) return;
    try {
      onPlaced(await placeOrder.mutateAsync(body));
    } catch (error) {
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
      refuse(error, failureMessage(error, orderSaveFailed));
    }
  });
  const billingMessage = errorOf('billingAddress');

  return (
    <div className="checkout-layout">
      <form ref={formRef} className="checkout-form" onSubmit={onContinue} noValidate aria-label="Shipping address">
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
        <AddressFields idPrefix="address" emailReadOnly field={(name) => field(`address.${name}`)} />
        {!exemption.isPending && <TaxExemptionNotice exemption={exemption.data} stateCode={state} />}
        <label className="choice">
          <input type="checkbox" {...form.register('address.useForInvoice')} />
          Use this address for the invoice
        </label>
        {!useForInvoice && (
          <fieldset className="checkout-form__billing">
            <legend className="checkout-form__heading">Billing address</legend>
            {billingMessage !== undefined && (
              <p className="field__error" role="alert">
                {billingMessage}
              </p>
            )}
            <AddressFields
              idPrefix="billing"
              autofillHint="billing"
              field={(name) => field(`billingAddress.${name}`)}
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
            disabled={!addressesValid || unavailable.length > 0 || submitting}
          >
            {submitting
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
        taxLabel={salesTaxLabel(state, claim)}
        totals={totals}
      />
    </div>
  );
}
