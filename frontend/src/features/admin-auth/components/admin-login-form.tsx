import { useRef, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { adminLoggedIn } from '@/lib/admin-session.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useLoginAdmin, type AdminCredentials } from '../api/login-admin.ts';
import { validateAdminLogin, type AdminLoginErrors } from '../validate-admin-login.ts';
import { TextField } from '@/components/text-field/text-field.tsx';

interface AdminLoginFormProps {
  onLoggedIn: () => void;
}

export function AdminLoginForm({ onLoggedIn }: AdminLoginFormProps) {
  const [credentials, setCredentials] = useState<AdminCredentials>({ email: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<AdminLoginErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const dispatch = useDispatch();
  const login = useLoginAdmin();

  // Client errors appear after the first submit and then follow the typing; server errors stay until that field changes.
  const clientErrors = submitted ? validateAdminLogin(credentials) : {};
  const errors: AdminLoginErrors = { ...serverErrors, ...clientErrors };

  const update = (field: keyof AdminCredentials, value: string) => {
    setCredentials((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateAdminLogin(credentials);
    if (found.email !== undefined) return emailRef.current?.focus();
    if (found.password !== undefined) return passwordRef.current?.focus();

    login.mutate(
      { email: credentials.email.trim(), password: credentials.password },
      {
        onSuccess: ({ token }) => {
          dispatch(adminLoggedIn({ token }));
          onLoggedIn();
        },
        onError: (error) => {
          // Field messages go next to their fields; anything else (wrong password, rate limit, outage) above the form.
          if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
            setServerErrors({ email: error.fields.email, password: error.fields.password });
          } else {
            setFormError(error.message);
          }
        },
      },
    );
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-describedby={formError === null ? undefined : 'admin-login-error'}>
      {formError !== null && (
        <p id="admin-login-error" className="banner banner--error" role="alert">
          {formError}
        </p>
      )}
      <TextField
        ref={emailRef}
        id="admin-email"
        label="Email"
        type="email"
        autoComplete="username"
        value={credentials.email}
        onChange={(event) => update('email', event.target.value)}
        error={errors.email}
      />
      <TextField
        ref={passwordRef}
        id="admin-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        value={credentials.password}
        onChange={(event) => update('password', event.target.value)}
        error={errors.password}
      />
      <button type="submit" className="button button--primary auth-form__submit" disabled={login.isPending}>
        {login.isPending ? 'Logging in…' : 'Log in'}
      </button>
    </form>
  );
}
