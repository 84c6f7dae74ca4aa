import { resendActivationInput } from '@labshop/contracts/customers/commands';
import { useResendActivation } from '../api/resend-activation.ts';
import { authMessages } from '../messages.ts';
import { EmailRequestForm } from './email-request-form.tsx';

export function ResendActivationForm() {
  const resend = useResendActivation();
  return (
    <EmailRequestForm
      schema={resendActivationInput}
      submitLabel="Resend Link"
      pendingLabel="Sending…"
      request={(email) => resend.mutateAsync({ email })}
      successMessage={authMessages.resent}
      failureMessage={authMessages.resendFailed}
    />
  );
}
