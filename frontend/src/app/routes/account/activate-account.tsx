import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ActivationStatus } from '@/features/customer-auth/components/activation-status.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import '@/features/customer-auth/components/customer-auth.css';

export function ActivateAccountRoute() {
  usePageTitle('Activate your account');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toSignIn = useCallback(() => void navigate('/signin', { replace: true }), [navigate]);
  return (
    <div className="container page">
      <div className="auth-card">
        <h1>Account activation</h1>
        <ActivationStatus token={params.get('token')} email={params.get('email')} onActivated={toSignIn} />
      </div>
    </div>
  );
}
