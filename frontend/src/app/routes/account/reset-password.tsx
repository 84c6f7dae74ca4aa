import { useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ResetPasswordForm } from '@/features/customer-auth/components/reset-password-form.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import '@/features/customer-auth/components/customer-auth.css';

export function ResetPasswordRoute() {
  usePageTitle('Reset password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // The spec sends the shopper to /login, a route this shop does not have: its sign-in page is /signin.
  const toSignIn = useCallback(() => void navigate('/signin', { replace: true }), [navigate]);
  const token = params.get('token');
  const email = params.get('email');
  return (
    <div className="container page">
      <div className="auth-card">
        <h1>Choose a new password</h1>
        {token && email ? (
          <ResetPasswordForm token={token} email={email} onReset={toSignIn} />
        ) : (
          <p className="banner banner--error" role="alert">
            This link is incomplete. <Link to="/forgot-password">Ask for a new one</Link>.
          </p>
        )}
      </div>
    </div>
  );
}
