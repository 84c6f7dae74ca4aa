import type { MouseEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Link } from 'react-router-dom';
import { signInInput, type SignInInput } from '@labshop/contracts/customers/commands';
import { FormError } from '@/components/form-error/form-error.tsx';
import { useCommandForm } from '@/hooks/use-command-form.ts';
import { customerSignedIn } from '@/lib/customer-session.ts';
import { useSignInCustomer, type CustomerCredentials } from '../api/sign-in-customer.ts';
import { authMessages, serverMessageOr } from '../messages.ts';
import { TextField } from '@/components/text-field/text-field.tsx';

interface SignInFormProps {
  onSignedIn: () => void;
}

export function SignInForm({ onSignedIn }: SignInFormProps) {
  // Errors show once a field has been left (spec: shown once touched); the server's stay until that field changes.
  const { form, field, formError, refuse, onSubmit, submitting } = useCommandForm<CustomerCredentials, SignInInput>({
    schema: signInInput,
    defaultValues: { email: '', password: '', rememberMe: false },
    mode: 'onTouched',
  });
  const dispatch = useDispatch();
  const signIn = useSignInCustomer();
  const email = form.watch('email').trim();

  // Spec: Forgot password from the sign-in tab needs the email typed here first.
  const onForgotPassword = (event: MouseEvent) => {
    if (email !== '') return;
    event.preventDefault();
    form.setError('email', { type: 'manual', message: authMessages.emailMissing }, { shouldFocus: true });
  };

  const submit = onSubmit(async (credentials) => {
    try {
      const { token } = await signIn.mutateAsync(credentials);
      dispatch(customerSignedIn({ token, remember: credentials.rememberMe }));
      onSignedIn();
    } catch (error) {
      refuse(error, serverMessageOr(error, authMessages.signInFailed));
    }
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label="Sign in">
      <FormError message={formError} />
      <TextField id="signin-email" label="Email" type="email" autoComplete="username" {...field('email')} />
      <TextField
        id="signin-password"
        label="Password"
        type="password"
        revealable
        autoComplete="current-password"
        {...field('password')}
      />
      <label className="choice">
        <input type="checkbox" {...form.register('rememberMe')} />
        Remember me
      </label>
      <button
        type="submit"
        className="button button--primary auth-form__submit"
        disabled={!form.formState.isValid || submitting}
      >
        {submitting ? 'Signing in…' : 'Sign in'}
      </button>
      <div className="auth-form__links">
        <Link to="/forgot-password" state={{ email }} onClick={onForgotPassword}>
          Forgot your password?
        </Link>
        <Link to="/resend-activation">Resend Activation Link</Link>
      </div>
    </form>
  );
}
