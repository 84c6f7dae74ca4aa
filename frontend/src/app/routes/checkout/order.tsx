import { useSelector } from 'react-redux';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Tabs } from '@/components/tabs/tabs.tsx';
import { selectCartLines, selectCartMayGainLines } from '@/features/cart/cart-slice.ts';
import { CheckoutSteps } from '@/features/checkout/components/checkout-steps.tsx';
import { RegisterForm } from '@/features/customer-auth/components/register-form.tsx';
import { SignInForm } from '@/features/customer-auth/components/sign-in-form.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { useAdminToken } from '@/lib/admin-session.ts';
import { useCustomerSessionEnd, useCustomerToken } from '@/lib/customer-session.ts';
import { ADMIN_CANNOT_CHECK_OUT, type CheckoutNotice } from './checkout-access.tsx';
import '@/features/customer-auth/components/customer-auth.css';
import '@/features/checkout/components/checkout.css';

/** Checkout step 1: a signed-in customer goes straight on to the address; everyone else creates an account or signs in. */
export function CheckoutCustomerRoute() {
  usePageTitle('Checkout: customer details');
  const signedIn = useCustomerToken() !== null;
  const adminHeld = useAdminToken() !== null;
  const lines = useSelector(selectCartLines);
  const mayGainLines = useSelector(selectCartMayGainLines);
  const sessionEnd = useCustomerSessionEnd();
  const navigate = useNavigate();
  const { notice } = (useLocation().state ?? {}) as CheckoutNotice;

  if (signedIn && !adminHeld) return <Navigate to="/customer-address" replace />;
  // Sent back by a refused session, this browser's cart started afresh: the customer's own waits for their sign-in.
  if (lines.length === 0 && !mayGainLines && sessionEnd !== 'rejected') return <Navigate to="/" replace />;

  return (
    <div className="container page">
      <CheckoutSteps current="Customer details" />
      <div className="auth-card">
        <h1>Customer details</h1>
        {(notice !== undefined || adminHeld) && (
          <p className="banner banner--warning" role="alert">
            {notice ?? ADMIN_CANNOT_CHECK_OUT}
          </p>
        )}
        <Tabs
          label="Create an account or sign in"
          tabs={[
            { key: 'register', label: 'Create an account', content: <RegisterForm returnTo="/order" /> },
            {
              key: 'signin',
              label: 'Sign in',
              content: <SignInForm onSignedIn={() => void navigate('/customer-address', { replace: true })} />,
            },
          ]}
        />
      </div>
    </div>
  );
}
