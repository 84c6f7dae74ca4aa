import { useEffect, useState } from 'react';
import { resetPasswordInput, type ResetPasswordInput } from '@labshop/contracts/customers/commands';
import { useCommandForm } from '@/hooks/use-command-form.ts';
import { useResetPassword } from '../api/reset-password.ts';
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
  // The schema's message shows after the first submit, then follows the typing.
  const { form, field, onSubmit, submitting } = useCommandForm<
    { newPassword: string; confirmation: string },
    ResetPasswordInput
  >({
    schema: resetPasswordInput,
    toInput: ({ newPassword }) => ({ email, token, newPassword }),
    defaultValues: { newPassword: '', confirmation: '' },
  });
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; message: string } | null>(null);
  const reset = useResetPassword();
  const [newPassword, confirmation] = form.watch(['newPassword', 'confirmation']);
  const confirmationError = confirmation === newPassword ? undefined : authMessages.passwordsDiffer;

  useEffect(() => {
    if (outcome?.kind !== 'success') return;
    const timer = window.setTimeout(onReset, RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, onReset]);

  const submit = onSubmit(async (input) => {
    if (confirmationError !== undefined) return;
    setOutcome(null);
    try {
      const { message } = await reset.mutateAsync(input);
      setOutcome({ kind: 'success', message: `${message} Redirecting to sign in...` });
    } catch (error) {
      setOutcome({ kind: 'error', message: serverMessageOr(error, authMessages.resetFailed) });
    }
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label="Reset password">
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
        {...field('newPassword')}
      />
      <TextField
        id="reset-confirm-password"
        label="Confirm new password"
        type="password"
        revealable
        autoComplete="new-password"
        {...form.register('confirmation')}
        error={form.formState.isSubmitted || confirmation !== '' ? confirmationError : undefined}
      />
      <button
        type="submit"
        className="button button--primary auth-form__submit"
        disabled={submitting || outcome?.kind === 'success'}
      >
        {submitting ? 'Saving…' : 'Reset password'}
      </button>
    </form>
  );
}
