import { useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Link } from 'react-router-dom';
import { signInInput } from '@labshop/shared/commands/customers';
import { ApiError } from '@/lib/api-client.ts';
import { customerSignedIn } from '@/lib/customer-session.ts';
import { useSignInCustomer, type CustomerCredentials } from '../api/sign-in-customer.ts';
import { fieldErrors, type FieldErrors } from '../field-errors.ts';
import { authMessages, signInFailure } from '../messages.ts';
import { TextField } from '@/components/text-field/text-field.tsx';

type Field = 'email' | 'password';

interface SignInFormProps {
  onSignedIn: () => void;
}

export function SignInForm({ onSignedIn }: SignInFormProps) {
  const [credentials, setCredentials] = useState<CustomerCredentials>({ email: '', password: '', rememberMe: false });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [forgotAsked, setForgotAsked] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const dispatch = useDispatch();
  const signIn = useSignInCustomer();

  const clientErrors = fieldErrors<Field>(signInInput, credentials);
  const invalid = Object.keys(clientErrors).length > 0;
  const emailMissing = credentials.email.trim() === '';
  const errorOf = (field: Field) =>
    (field === 'email' && forgotAsked && emailMissing ? authMessages.emailMissing : undefined) ??
    serverErrors[field] ??
    (touched[field] ? clientErrors[field] : undefined);

  // Spec: Forgot password from the sign-in tab needs the email typed here first.
  const onForgotPassword = (event: MouseEvent) => {
    if (!emailMissing) return;
    event.preventDefault();
    setForgotAsked(true);
    emailRef.current?.focus();
  };

  const update = <K extends keyof CustomerCredentials>(field: K, value: CustomerCredentials[K]) => {
    setCredentials((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
  };
  const touch = (field: Field) => () => setTouched((current) => ({ ...current, [field]: true }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    signIn.mutate(
      { ...credentials, email: credentials.email.trim() },
      {
        onSuccess: ({ token }) => {
          dispatch(customerSignedIn({ token, remember: credentials.rememberMe }));
          onSignedIn();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) setServerErrors(error.fields as FieldErrors<Field>);
          setFormError(signInFailure(error));
        },
      },
    );
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Sign in">
      {formError !== null && (
        <p className="banner banner--error" role="alert">
          {formError}
        </p>
      )}
      <TextField ref={emailRef} id="signin-email" label="Email" type="email" autoComplete="username" value={credentials.email} onChange={(e) => update('email', e.target.value)} onBlur={touch('email')} error={errorOf('email')} />
      <TextField
        id="signin-password"
        label="Password"
        type="password"
        revealable
        autoComplete="current-password"
        value={credentials.password}
        onChange={(e) => update('password', e.target.value)}
        onBlur={touch('password')}
        error={errorOf('password')}
      />
      <label className="choice">
        <input type="checkbox" checked={credentials.rememberMe} onChange={(e) => update('rememberMe', e.target.checked)} />
        Remember me
      </label>
      <button type="submit" className="button button--primary auth-form__submit" disabled={invalid || signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </button>
      <div className="auth-form__links">
        <Link to="/forgot-password" state={{ email: credentials.email.trim() }} onClick={onForgotPassword}>
          Forgot your password?
        </Link>
        <Link to="/resend-activation">Resend Activation Link</Link>
      </div>
    </form>
  );
}
