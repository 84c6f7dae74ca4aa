import type { RouteObject } from 'react-router-dom';

/** Checkout (spec §2: customer details, address, shipping, payment) and its confirmation, each loaded when first visited. */
export const checkoutRoutes: RouteObject[] = [
  {
    path: 'order',
    lazy: () => import('./order.tsx').then(({ CheckoutCustomerRoute }) => ({ Component: CheckoutCustomerRoute })),
  },
  {
    path: 'customer-address',
    lazy: () =>
      import('./customer-address.tsx').then(({ CustomerAddressRoute }) => ({ Component: CustomerAddressRoute })),
  },
  {
    path: 'shipping-method',
    lazy: () => import('./shipping-method.tsx').then(({ ShippingMethodRoute }) => ({ Component: ShippingMethodRoute })),
  },
  {
    path: 'payment-details',
    lazy: () => import('./payment-details.tsx').then(({ PaymentDetailsRoute }) => ({ Component: PaymentDetailsRoute })),
  },
  {
    path: 'order-confirmation',
    lazy: () =>
      import('./order-confirmation.tsx').then(({ OrderConfirmationRoute }) => ({ Component: OrderConfirmationRoute })),
  },
  {
    path: 'order-confirmation/:id',
    lazy: () =>
      import('./order-confirmation.tsx').then(({ OrderConfirmationRoute }) => ({ Component: OrderConfirmationRoute })),
  },
];
