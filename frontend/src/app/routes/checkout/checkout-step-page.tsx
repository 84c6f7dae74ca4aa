import type { ReactNode } from 'react';
import { Breadcrumb, type Crumb } from '@/components/breadcrumb/breadcrumb.tsx';
import { CheckoutSteps, type CheckoutStepName } from '@/features/checkout/components/checkout-steps.tsx';
import '@/features/checkout/components/checkout.css';

interface CheckoutStepPageProps {
  /** The breadcrumb after Home > Shopping Cart, ending with this step. */
  crumbs: Crumb[];
  step: CheckoutStepName;
  heading: string;
  children: ReactNode;
}

/** The frame of a checkout step's page: the breadcrumb from the cart, the steps with this one current, its heading. */
export function CheckoutStepPage({ crumbs, step, heading, children }: CheckoutStepPageProps) {
  return (
    <div className="container page">
      <Breadcrumb
        crumbs={[{ label: 'Home', to: '/' }, { label: 'Shopping Cart', to: '/cartaction/show' }, ...crumbs]}
      />
      <CheckoutSteps current={step} />
      <h1>{heading}</h1>
      {children}
    </div>
  );
}
