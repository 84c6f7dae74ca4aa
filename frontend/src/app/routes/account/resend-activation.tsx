import { Link } from 'react-router-dom';
import { ResendActivationForm } from '@/features/customer-auth/components/resend-activation-form.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import '@/features/customer-auth/components/customer-auth.css';

export function ResendActivationRoute() {
  usePageTitle('Resend Activation Link');
  return (
    <div className="container page">
      <div className="auth-card">
        <h1>Resend Activation Link</h1>
        <p className="page__lead">Enter the email you registered with and we will send you a new activation link.</p>
        <ResendActivationForm />
        <p className="auth-form__links">
          <Link to="/signin">Back to Login</Link>
        </p>
      </div>
    </div>
  );
}
