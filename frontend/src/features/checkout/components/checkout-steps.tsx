const steps = ['Customer details', 'Address', 'Shipping', 'Payment'] as const;

export type CheckoutStepName = (typeof steps)[number];

/** Where the shopper is in checkout: the spec's four steps (customer details, addresses, shipping, payment). */
export function CheckoutSteps({ current }: { current: CheckoutStepName }) {
  const currentIndex = steps.indexOf(current);
  return (
    <ol className="checkout-steps" aria-label="Checkout steps">
      {steps.map((step, index) => (
        <li
          key={step}
          className={index < currentIndex ? 'checkout-steps__step checkout-steps__step--done' : 'checkout-steps__step'}
          aria-current={index === currentIndex ? 'step' : undefined}
        >
          <span className="checkout-steps__number" aria-hidden="true">
            {index + 1}
          </span>
          {step}
        </li>
      ))}
    </ol>
  );
}
