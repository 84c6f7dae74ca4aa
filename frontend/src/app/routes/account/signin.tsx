import { useId, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { RegisterForm } from '@/features/customer-auth/components/register-form.tsx';
import { SignInForm } from '@/features/customer-auth/components/sign-in-form.tsx';
import { afterSignInPath, returnToOf } from '@/features/customer-auth/return-to.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { useCustomerToken } from '@/lib/customer-session.ts';
import type { SignInNotice } from './require-customer.tsx';
import '@/features/customer-auth/components/customer-auth.css';

type Tab = 'signin' | 'register';

const tabs: readonly { tab: Tab; label: string }[] = [
  { tab: 'signin', label: 'Sign in' },
  { tab: 'register', label: 'Register' },
];

export function SignInRoute() {
  usePageTitle('Sign in or register');
  const token = useCustomerToken();
  const navigate = useNavigate();
  const { notice } = (useLocation().state ?? {}) as SignInNotice;
  // From an activation link of a registration inside checkout: sign-in leads back there, the cart merged on the way.
  const returnTo = returnToOf(useSearchParams()[0]);
  const destination = afterSignInPath(returnTo);
  const [tab, setTab] = useState<Tab>('signin');
  const id = useId();

  if (token !== null) return <Navigate to={destination} replace />;

  return (
    <div className="container page">
      <div className="auth-card">
        <h1>Your LabShop account</h1>
        {returnTo !== null && notice === undefined && (
          <p className="page__lead" role="status">
            Sign in to continue where you left off: your cart is waiting.
          </p>
        )}
        {notice !== undefined && (
          <p className="banner banner--warning" role="alert">
            {notice}
          </p>
        )}
        <div className="auth-tabs" role="tablist" aria-label="Sign in or register">
          {tabs.map(({ tab: option, label }) => (
            <button
              key={option}
              type="button"
              role="tab"
              id={`${id}-${option}-tab`}
              className="auth-tabs__tab"
              aria-selected={tab === option}
              aria-controls={`${id}-${option}-panel`}
              tabIndex={tab === option ? 0 : -1}
              onClick={() => setTab(option)}
            >
              {label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`}>
          {tab === 'signin' ? (
            <SignInForm onSignedIn={() => void navigate(destination, { replace: true })} />
          ) : (
            <RegisterForm returnTo={returnTo ?? undefined} />
          )}
        </div>
      </div>
    </div>
  );
}
