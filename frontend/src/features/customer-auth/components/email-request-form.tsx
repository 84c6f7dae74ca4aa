import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client.ts';
import { fieldErrors } from '../field-errors.ts';
import { TextField } from '@/components/text-field/text-field.tsx';

interface EmailRequestFormProps {
  /** The server's schema for the request: its messages are the ones shown. */
  schema: z.ZodType;
  submitLabel: string;
  pendingLabel: string;
  initialEmail?: string;
  request: (email: string) => Promise<{ message: string }>;
  successMessage: string;
  failureMessage: string;
}

/** One email field and a button (resend activation, forgot password): nothing is sent while the email is invalid. */
export function EmailRequestForm({ schema, submitLabel, pendingLabel, initialEmail = '', request, successMessage, failureMessage }: EmailRequestFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; message: string } | null>(null);
  const error = submitted ? fieldErrors<'email'>(schema, { email }).email : undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (fieldErrors<'email'>(schema, { email }).email !== undefined) return;
    setPending(true);
    setOutcome(null);
    try {
      const answer = await request(email.trim());
      setOutcome({ kind: 'success', message: answer.message || successMessage });
    } catch (failure) {
      // A 429 says how long to wait, which the generic wording would hide.
      setOutcome({ kind: 'error', message: failure instanceof ApiError && failure.status === 429 ? failure.message : failureMessage });
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      {outcome !== null && (
        <p className={`banner banner--${outcome.kind}`} role={outcome.kind === 'error' ? 'alert' : 'status'}>
          {outcome.message}
        </p>
      )}
      <TextField id="request-email" label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
      <button type="submit" className="button button--primary auth-form__submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </button>
    </form>
  );
}
