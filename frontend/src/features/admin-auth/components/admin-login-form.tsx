import { useDispatch } from 'react-redux';
import { adminLoginInput, type AdminLoginInput } from '@labshop/contracts/admins/login-commands';
import { FormError } from '@/components/form-error/form-error.tsx';
import { useCommandForm } from '@/hooks/use-command-form.ts';
import { adminLoggedIn } from '@/lib/admin-session.ts';
import { useLoginAdmin, type AdminCredentials } from '../api/login-admin.ts';
import { TextField } from '@/components/text-field/text-field.tsx';

interface AdminLoginFormProps {
  onLoggedIn: () => void;
}

export function AdminLoginForm({ onLoggedIn }: AdminLoginFormProps) {
  // The schema's messages appear after the first submit and then follow the typing (the first one takes the focus);
  // the server's stay until that field changes.
  const { field, formError, refuse, onSubmit, submitting } = useCommandForm<AdminCredentials, AdminLoginInput>({
    schema: adminLoginInput,
    defaultValues: { email: '', password: '' },
    shouldFocusError: true,
  });
  const dispatch = useDispatch();
  const login = useLoginAdmin();

  const submit = onSubmit(async (credentials) => {
    try {
      const { token } = await login.mutateAsync(credentials);
      dispatch(adminLoggedIn({ token }));
      onLoggedIn();
    } catch (error) {
      // Field messages go next to their fields; anything else (wrong password, rate limit, outage) above the form.
      refuse(error);
    }
  });

  return (
    <form
      className="auth-form"
      onSubmit={submit}
      noValidate
      aria-describedby={formError === null ? undefined : 'admin-login-error'}
    >
      <FormError id="admin-login-error" message={formError} />
      <TextField id="admin-email" label="Email" type="email" autoComplete="username" {...field('email')} />
      <TextField
        id="admin-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        {...field('password')}
      />
      <button type="submit" className="button button--primary auth-form__submit" disabled={submitting}>
        {submitting ? 'Logging in…' : 'Log in'}
      </button>
    </form>
  );
}
