import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { inquiryInput, inquiryMessages, HONEYPOT_FIELD } from '@labshop/contracts/inbox/commands';
import { useCommandForm } from '@/hooks/use-command-form.ts';
import { useSendInquiry } from './api/send-inquiry.ts';
import { HoneypotField } from './components/honeypot-field.tsx';
import { ListedTextFields, type ListedTextField } from './components/listed-text-fields.tsx';
import { SubmissionActions } from './components/submission-actions.tsx';
import { submissionFailure } from './submission-failure.ts';
import './inquiries.css';

type Field = 'service' | 'firstName' | 'lastName' | 'company' | 'phone' | 'email' | 'comment';
type Draft = Record<Field, string> & { [HONEYPOT_FIELD]: string };

const blank = (service: string): Draft => ({
  service,
  firstName: '',
  lastName: '',
  company: '',
  phone: '',
  email: '',
  comment: '',
  [HONEYPOT_FIELD]: '',
});

const textFields: readonly ListedTextField<Field>[] = [
  { field: 'service', label: 'Service', autoComplete: 'off', required: false },
  { field: 'firstName', label: 'First name', autoComplete: 'given-name', required: true },
  { field: 'lastName', label: 'Last name', autoComplete: 'family-name', required: true },
  { field: 'company', label: 'Company', autoComplete: 'organization', required: true },
  { field: 'phone', label: 'Phone', autoComplete: 'tel', required: false, type: 'tel' },
  { field: 'email', label: 'Email', autoComplete: 'email', required: true, type: 'email' },
  {
    field: 'comment',
    label: 'Comment',
    autoComplete: 'off',
    required: true,
    multiline: { rows: 5, className: 'inquiry-form__comment' },
  },
];

/**
 * The side inquiry form of the service pages (spec §2, §5, §8), preselected to the page's service.
 * Required: first and last name, email, company and comment ('Please fill all required fields'
 * otherwise); it resets after a successful send.
 */
export function InquiryForm({ service }: { service: string }) {
  const send = useSendInquiry();
  const [sent, setSent] = useState<string | null>(null);
  const { form, formRef, field, formError, setFormError, refuse, onSubmit, submitting } = useCommandForm<
    Draft,
    z.output<typeof inquiryInput>
  >({ schema: inquiryInput, defaultValues: blank(service), focusRefused: true });

  // Another service page reuses the mounted form: it follows the page's service.
  useEffect(() => form.setValue('service', service), [form, service]);

  const submit = onSubmit(
    async (inquiry) => {
      setSent(null);
      try {
        await send.mutateAsync(inquiry);
        setSent(inquiryMessages.sent);
        form.reset(blank(service));
      } catch (error) {
        refuse(error, submissionFailure(error, inquiryMessages.failed));
      }
    },
    () => {
      setSent(null);
      setFormError(inquiryMessages.incomplete);
    },
  );

  return (
    <form ref={formRef} className="inquiry-form" onSubmit={submit} noValidate aria-label="Inquiry form">
      <h2 className="inquiry-form__title">Request a quote</h2>
      <p className="inquiry-form__intro">Tell us about your project; a scientist replies within one business day.</p>
      <ListedTextFields fields={textFields} field={field} />
      <HoneypotField registration={form.register(HONEYPOT_FIELD)} />
      <SubmissionActions
        sent={sent}
        failure={formError}
        pending={submitting}
        label="Send inquiry"
        buttonClassName="inquiry-form__submit"
      />
    </form>
  );
}
