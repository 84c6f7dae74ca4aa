import { forgotPasswordInput } from '@labshop/contracts/customers/commands';
import { useRequestPasswordReset } from '../api/forgot-password.ts';
import { authMessages } from '../messages.ts';
import { EmailRequestForm } from './email-request-form.tsx';

export function ForgotPasswordForm({ initialEmail }: { initialEmail?: string }) {
  const requestReset = useRequestPasswordReset();
  return (
    <EmailRequestForm
      schema={forgotPasswordInput}
      submitLabel="Send reset link"
      pendingLabel="Sending…"
      initialEmail={initialEmail}
      request={(email) => requestReset.mutateAsync({ email })}
      successMessage={authMessages.resetRequested}
      failureMessage={authMessages.resetRequestFailed}
    />
  );
}
