import { Link, useLocation } from 'react-router-dom';
import { ForgotPasswordForm } from '@/features/customer-auth/components/forgot-password-form.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import type { SignInNotice } from './require-customer.tsx';
import '@/features/customer-auth/components/customer-auth.css';

export function ForgotPasswordRoute() {
  usePageTitle('Forgot password');
  const { email } = (useLocation().state ?? {}) as SignInNotice;
  return (
    <div className="container page">
      <div className="auth-card">
        <h1>Forgot your password?</h1>
        <p className="page__lead">Enter your email and we will send you a link to choose a new password.</p>
        <ForgotPasswordForm initialEmail={email} />
        <p className="auth-form__links">
          <Link to="/signin">Back to Login</Link>
        </p>
      </div>
    </div>
  );
}
