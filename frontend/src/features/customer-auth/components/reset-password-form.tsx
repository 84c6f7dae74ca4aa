import { useEffect, useState, type FormEvent } from 'react';
import { resetPasswordInput } from '@labshop/shared/commands/customers';
import { useResetPassword } from '../api/reset-password.ts';
import { fieldErrors } from '../field-errors.ts';
import { authMessages, serverMessageOr } from '../messages.ts';
import { TextField } from '@/components/text-field/text-field.tsx';

/** The spec's pause before the sign-in page after a successful reset. */
export const RESET_REDIRECT_MS = 3_000;

interface ResetPasswordFormProps {
  token: string;
  email: string;
  onReset: () => void;
}

export function ResetPasswordForm({ token, email, onReset }: ResetPasswordFormProps) {
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; message: string } | null>(null);
  const reset = useResetPassword();

  const passwordError = fieldErrors<'newPassword'>(resetPasswordInput, { email, token, newPassword }).newPassword;
  const confirmationError = confirmation === newPassword ? undefined : authMessages.passwordsDiffer;

  useEffect(() => {
    if (outcome?.kind !== 'success') return;
    const timer = window.setTimeout(onReset, RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, onReset]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (passwordError !== undefined || confirmationError !== undefined) return;
    setOutcome(null);
    reset.mutate(
      { email, token, newPassword },
      {
        onSuccess: ({ message }) => setOutcome({ kind: 'success', message: `${message} Redirecting to sign in...` }),
        onError: (error) => setOutcome({ kind: 'error', message: serverMessageOr(error, authMessages.resetFailed) }),
      },
    );
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Reset password">
      {outcome !== null && (
        <p className={`banner banner--${outcome.kind}`} role={outcome.kind === 'error' ? 'alert' : 'status'}>
          {outcome.message}
        </p>
      )}
      <TextField
        id="reset-new-password"
        label="New password"
        type="password"
        revealable
        autoComplete="new-password"
        value={newPassword}
        onChange={(e) => setNewPassword(e.target.value)}
        error={submitted ? passwordError : undefined}
      />
      <TextField
        id="reset-confirm-password"
        label="Confirm new password"
        type="password"
        revealable
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
        error={submitted || confirmation !== '' ? confirmationError : undefined}
      />
      <button type="submit" className="button button--primary auth-form__submit" disabled={reset.isPending || outcome?.kind === 'success'}>
        {reset.isPending ? 'Saving…' : 'Reset password'}
      </button>
    </form>
  );
}
