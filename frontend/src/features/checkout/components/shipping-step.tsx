import { Link } from 'react-router-dom';
import {
  DRY_ICE_SURCHARGE_CENTS,
  SHIPPING_RULE,
  shippingCharge,
  shippingLine,
  shippingMethods,
} from '@labshop/contracts/orders/shipping';
import { chooseShippingMethodInput, type ChooseShippingMethodInput } from '@labshop/contracts/orders/commands';
import type { OrderView } from '@labshop/contracts/orders/queries';
import { formatUsd } from '@labshop/contracts/money';
import { totalsAt } from '@labshop/contracts/tax/sales-tax';
import { FormError } from '@/components/form-error/form-error.tsx';
import { useCommandForm } from '@/hooks/use-command-form.ts';
import type { ApiError } from '@/lib/api-client.ts';
import { useChooseShippingMethod } from '../api/choose-shipping-method.ts';
import { failureMessage, sessionRefused } from '../checkout-failure.ts';
import { rememberShippingMethod } from '../shipping-choice.ts';
import { PlacedOrderSummary } from './placed-order-summary.tsx';

interface ShippingStepProps {
  /** The checkout's open order, as the address step placed it. */
  order: OrderView;
  onChosen(order: OrderView): void;
  /** An admin session is held, or the customer's session is gone: checkout starts again at /order. */
  onRefused(error: ApiError): void;
}

const shippingSaveFailed = 'Failed to save the shipping method. Please try again.';

/**
 * Checkout step 3: a method from the shared table beside the order summary, whose shipping, tax and total follow
 * the choice by the server's own rule (totalsAt). The dry-ice surcharge is the one the server decided when the
 * address step placed the order. Continuing sends the method for that order (it is placed once, at the address step):
 * the server revises its shipping, tax and total, and the payment step shows what it recorded.
 */
export function ShippingStep({ order, onChosen, onRefused }: ShippingStepProps) {
  const { form, formRef, field, formError, refuse, onSubmit, submitting } = useCommandForm<ChooseShippingMethodInput>({
    schema: chooseShippingMethodInput,
    defaultValues: { shippingMethod: order.shipping?.method ?? 'ground' },
    focusRefused: true,
  });
  const chooseMethod = useChooseShippingMethod(order.orderId);
  const dryIce = (order.shipping?.dryIceSurchargeCents ?? 0) > 0;
  const chosen = shippingCharge(form.watch('shippingMethod'), dryIce);
  const { taxCents, totalCents } = totalsAt(order.subtotalCents, order.taxRateBasisPoints, chosen.costCents);
  const { error: methodError, ...method } = field('shippingMethod');

  const onContinue = onSubmit(async (choice) => {
    rememberShippingMethod(choice.shippingMethod);
    try {
      onChosen(await chooseMethod.mutateAsync(choice));
    } catch (error) {
      if (sessionRefused(error)) return onRefused(error);
      // 409: the order was paid, quoted or cancelled meanwhile (another tab); the address step starts again.
      refuse(error, failureMessage(error, shippingSaveFailed));
    }
  });

  return (
    <div className="checkout-layout">
      <form ref={formRef} className="checkout-form" onSubmit={onContinue} noValidate aria-label="Shipping method">
        <h2 className="checkout-form__heading">Shipping method</h2>
        <FormError message={formError}>
          {' '}
          <Link to="/customer-address">Back to the address step</Link>
        </FormError>
        <fieldset className="shipping-methods">
          <legend className="visually-hidden">Shipping method</legend>
          {shippingMethods.map((option) => {
            const cost = shippingCharge(option.id, dryIce).costCents;
            return (
              <label key={option.id} className="shipping-methods__option">
                <input
                  type="radio"
                  value={option.id}
                  {...method}
                  aria-invalid={methodError !== undefined}
                  aria-describedby={methodError === undefined ? undefined : 'shipping-method-error'}
                />
                <span className="shipping-methods__label">{option.label}</span>
                <span className="shipping-methods__description">{option.description}</span>
                <span className="shipping-methods__cost">{formatUsd(cost)}</span>
              </label>
            );
          })}
          {methodError !== undefined && (
            <p id="shipping-method-error" className="field__error">
              {methodError}
            </p>
          )}
        </fieldset>
        {dryIce && (
          <p className="banner banner--warning" data-testid="dry-ice-notice">
            Your order holds goods that ship on dry ice: each method includes a cold-chain surcharge of{' '}
            {formatUsd(DRY_ICE_SURCHARGE_CENTS)}, once per order.
          </p>
        )}
        <p className="shipping-methods__note">{SHIPPING_RULE}</p>
        <div className="checkout-form__actions">
          <Link className="button button--secondary" to="/customer-address">
            Back to address
          </Link>
          <button type="submit" className="button button--primary" disabled={submitting}>
            {submitting ? 'Saving…' : 'Continue to payment'}
          </button>
        </div>
      </form>
      <PlacedOrderSummary
        order={order}
        choice={{
          shipping: { label: shippingLine(chosen), cents: chosen.costCents },
          totals: { taxCents, totalCents },
        }}
      />
    </div>
  );
}
