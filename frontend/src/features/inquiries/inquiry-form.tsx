import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { fieldMessages } from '@labshop/shared/commands/customers';
import { inquiryInput, inquiryMessages, HONEYPOT_FIELD, type InquiryInput } from '@labshop/shared/commands/inbox';
import { TextField } from '@/components/text-field/text-field.tsx';
import { useSendInquiry } from './api/send-inquiry.ts';
import { HoneypotField } from './components/honeypot-field.tsx';
import { submissionFailure } from './submission-failure.ts';
import './inquiries.css';

type Field = 'service' | 'firstName' | 'lastName' | 'company' | 'phone' | 'email' | 'comment';
type Draft = Record<Field, string> & { [HONEYPOT_FIELD]: string };

const blank = (service: string): Draft => ({ service, firstName: '', lastName: '', company: '', phone: '', email: '', comment: '', [HONEYPOT_FIELD]: '' });

const textFields: readonly { field: Exclude<Field, 'comment'>; label: string; autoComplete: string; required: boolean; type?: string }[] = [
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
  const [draft, setDraft] = useState<Draft>(() => blank(service));
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; message: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const commentId = useId();
  const send = useSendInquiry();

  // Another service page reuses the mounted form: it follows the page's service.
  useEffect(() => setDraft((current) => ({ ...current, service })), [service]);
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const parsed = inquiryInput.safeParse(draft);
  const clientErrors: Partial<Record<Field, string>> = parsed.success ? {} : fieldMessages(parsed.error);
  const errorOf = (field: Field) => serverErrors[field] ?? (showErrors ? clientErrors[field] : undefined);

  const update = (field: Field | typeof HONEYPOT_FIELD, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) {
      setShowErrors(true);
      setOutcome({ kind: 'error', message: inquiryMessages.incomplete });
      setFocusRequest((count) => count + 1);
      return;
    }
    setOutcome(null);
    const inquiry: InquiryInput = { ...draft };
    send.mutate(inquiry, {
      onSuccess: () => {
        setOutcome({ kind: 'success', message: inquiryMessages.sent });
        setDraft(blank(service));
        setShowErrors(false);
      },
      onError: (error) => {
        const failure = submissionFailure(error, inquiryMessages.failed);
        setServerErrors(failure.fields);
        setOutcome({ kind: 'error', message: failure.message });
      },
    });
  };

  return (
    <form ref={formRef} className="inquiry-form" onSubmit={onSubmit} noValidate aria-label="Inquiry form">
      <h2 className="inquiry-form__title">Request a quote</h2>
      <p className="inquiry-form__intro">Tell us about your project; a scientist replies within one business day.</p>
      {textFields.map(({ field, label, autoComplete, required, type }) => (
        <TextField
          key={field}
          label={label}
          type={type ?? 'text'}
          autoComplete={autoComplete}
          required={required}
          value={draft[field]}
          onChange={(event) => update(field, event.target.value)}
          error={errorOf(field)}
        />
      ))}
      <div className="field">
        <label className="field__label" htmlFor={commentId}>
          Comment<span aria-hidden="true"> *</span>
        </label>
        <textarea
          id={commentId}
          className="field__input inquiry-form__comment"
          rows={5}
          aria-required="true"
          aria-invalid={errorOf('comment') !== undefined}
          aria-describedby={errorOf('comment') === undefined ? undefined : `${commentId}-error`}
          value={draft.comment}
          onChange={(event) => update('comment', event.target.value)}
        />
        {errorOf('comment') !== undefined && (
          <p id={`${commentId}-error`} className="field__error">
            {errorOf('comment')}
          </p>
        )}
      </div>
      <HoneypotField value={draft[HONEYPOT_FIELD]} onChange={(value) => update(HONEYPOT_FIELD, value)} />
      {outcome !== null && (
        <p className={`banner banner--${outcome.kind}`} role={outcome.kind === 'error' ? 'alert' : 'status'}>
          {outcome.message}
        </p>
      )}
      <button type="submit" className="button button--primary inquiry-form__submit" disabled={send.isPending} aria-busy={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send inquiry'}
      </button>
    </form>
  );
}
