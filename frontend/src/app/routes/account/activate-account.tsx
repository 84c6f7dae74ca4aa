import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ActivationStatus } from '@/features/customer-auth/components/activation-status.tsx';
import { returnToOf, signInPathFor } from '@/features/customer-auth/return-to.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import '@/features/customer-auth/components/customer-auth.css';

export function ActivateAccountRoute() {
  usePageTitle('Activate your account');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Registered inside checkout: the link carries where to return, and sign-in takes the customer there.
  const signInPath = signInPathFor(returnToOf(params));
  const toSignIn = useCallback(() => void navigate(signInPath, { replace: true }), [navigate, signInPath]);
  return (
    <div className="container page">
      <div className="auth-card">
        <h1>Account activation</h1>
        <ActivationStatus token={params.get('token')} email={params.get('email')} onActivated={toSignIn} />
      </div>
    </div>
  );
}
