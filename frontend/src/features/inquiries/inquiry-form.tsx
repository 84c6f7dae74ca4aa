import { useEffect } from 'react';
import { inquiryInput, inquiryMessages, HONEYPOT_FIELD } from '@labshop/contracts/inbox/commands';
import { TextAreaField } from '@/components/text-field/text-area-field.tsx';
import { useSendInquiry } from './api/send-inquiry.ts';
import { HoneypotField } from './components/honeypot-field.tsx';
import { ListedTextFields, type ListedTextField } from './components/listed-text-fields.tsx';
import { SubmissionActions } from './components/submission-actions.tsx';
import { useSubmissionForm } from './use-submission-form.ts';
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

const textFields: readonly ListedTextField<Exclude<Field, 'comment'>>[] = [
  { field: 'service', label: 'Service', autoComplete: 'off', required: false },
  { field: 'firstName', label: 'First name', autoComplete: 'given-name', required: true },
  { field: 'lastName', label: 'Last name', autoComplete: 'family-name', required: true },
  { field: 'company', label: 'Company', autoComplete: 'organization', required: true },
  { field: 'phone', label: 'Phone', autoComplete: 'tel', required: false, type: 'tel' },
  { field: 'email', label: 'Email', autoComplete: 'email', required: true, type: 'email' },
];

/**
 * The side inquiry form of the service pages (spec §2, §5, §8), preselected to the page's service.
 * Required: first and last name, email, company and comment ('Please fill all required fields'
 * otherwise); it resets after a successful send.
 */
export function InquiryForm({ service }: { service: string }) {
  const send = useSendInquiry();
  const { draft, setDraft, update, errorOf, outcome, formRef, onSubmit } = useSubmissionForm({
    blank: () => blank(service),
    validate: (current) => inquiryInput.safeParse(current),
    send: (current, callbacks) => send.mutate(current, callbacks),
    messages: inquiryMessages,
  });

  // Another service page reuses the mounted form: it follows the page's service.
  useEffect(() => setDraft((current) => ({ ...current, service })), [service, setDraft]);

  return (
    <form ref={formRef} className="inquiry-form" onSubmit={onSubmit} noValidate aria-label="Inquiry form">
      <h2 className="inquiry-form__title">Request a quote</h2>
      <p className="inquiry-form__intro">Tell us about your project; a scientist replies within one business day.</p>
      <ListedTextFields fields={textFields} values={draft} onChange={update} errorOf={errorOf} />
      <TextAreaField
        label="Comment"
        required
        textareaClassName="inquiry-form__comment"
        rows={5}
        value={draft.comment}
        onChange={(event) => update('comment', event.target.value)}
        error={errorOf('comment')}
      />
      <HoneypotField value={draft[HONEYPOT_FIELD]} onChange={(value) => update(HONEYPOT_FIELD, value)} />
      <SubmissionActions
        outcome={outcome}
        pending={send.isPending}
        label="Send inquiry"
        buttonClassName="inquiry-form__submit"
      />
    </form>
  );
}
