import { useState } from 'react';
import type { z } from 'zod';
import { useCommandForm } from '@/hooks/use-command-form.ts';
import { ApiError } from '@/lib/api-client.ts';
import { TextField } from '@/components/text-field/text-field.tsx';

interface EmailRequestFormProps {
  /** The server's schema for the request: its messages are the ones shown. */
  schema: z.ZodType<{ email: string }>;
  submitLabel: string;
  pendingLabel: string;
  initialEmail?: string;
  request: (email: string) => Promise<{ message: string }>;
  successMessage: string;
  failureMessage: string;
}

/** One email field and a button (resend activation, forgot password): nothing is sent while the email is invalid. */
export function EmailRequestForm({
  schema,
  submitLabel,
  pendingLabel,
  initialEmail = '',
  request,
  successMessage,
  failureMessage,
}: EmailRequestFormProps) {
  // The schema's message shows after the first submit, then follows the typing.
  const { field, onSubmit, submitting } = useCommandForm<{ email: string }>({
    schema,
    defaultValues: { email: initialEmail },
  });
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; message: string } | null>(null);

  const submit = onSubmit(async ({ email }) => {
    setOutcome(null);
    try {
      const answer = await request(email);
      setOutcome({ kind: 'success', message: answer.message || successMessage });
    } catch (failure) {
      // A 429 says how long to wait, which the generic wording would hide.
      setOutcome({
        kind: 'error',
        message: failure instanceof ApiError && failure.status === 429 ? failure.message : failureMessage,
      });
    }
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      {outcome !== null && (
        <p className={`banner banner--${outcome.kind}`} role={outcome.kind === 'error' ? 'alert' : 'status'}>
          {outcome.message}
        </p>
      )}
      <TextField id="request-email" label="Email" type="email" autoComplete="email" {...field('email')} />
      <button type="submit" className="button button--primary auth-form__submit" disabled={submitting}>
        {submitting ? pendingLabel : submitLabel}
      </button>
    </form>
  );
}
