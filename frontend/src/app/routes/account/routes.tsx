import type { RouteObject } from 'react-router-dom';

/** The shopper's sign-in, recovery and account screens (spec §2), each loaded when first visited. */
export const customerRoutes: RouteObject[] = [
  { path: 'signin', lazy: () => import('./signin.tsx').then(({ SignInRoute }) => ({ Component: SignInRoute })) },
  {
    path: 'activate-account',
    lazy: () =>
      import('./activate-account.tsx').then(({ ActivateAccountRoute }) => ({ Component: ActivateAccountRoute })),
  },
  {
    path: 'resend-activation',
    lazy: () =>
      import('./resend-activation.tsx').then(({ ResendActivationRoute }) => ({ Component: ResendActivationRoute })),
  },
  {
    path: 'forgot-password',
    lazy: () => import('./forgot-password.tsx').then(({ ForgotPasswordRoute }) => ({ Component: ForgotPasswordRoute })),
  },
  {
    path: 'reset-password',
    lazy: () => import('./reset-password.tsx').then(({ ResetPasswordRoute }) => ({ Component: ResetPasswordRoute })),
  },
  {
    path: 'my-account',
    lazy: () => import('./my-account.tsx').then(({ MyAccountRoute }) => ({ Component: MyAccountRoute })),
  },
  {
    path: 'my-profile',
    lazy: () => import('./my-profile.tsx').then(({ MyProfileRoute }) => ({ Component: MyProfileRoute })),
  },
  {
    path: 'my-order/:orderId',
    lazy: () => import('./my-order-detail.tsx').then(({ MyOrderDetailRoute }) => ({ Component: MyOrderDetailRoute })),
  },
  { path: 'my-order', lazy: () => import('./my-order.tsx').then(({ MyOrderRoute }) => ({ Component: MyOrderRoute })) },
];
