import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { fieldMessages } from '@labshop/shared/commands/customers';
import { CONTACT_SUBJECT_MAX, contactInterests, contactMessageInput, contactMessages, HONEYPOT_FIELD, type ContactInterest } from '@labshop/shared/commands/inbox';
import { TextField } from '@/components/text-field/text-field.tsx';
import { useSendContactMessage } from './api/send-contact-message.ts';
import { HoneypotField } from './components/honeypot-field.tsx';
import { submissionFailure } from './submission-failure.ts';
import './inquiries.css';

type TextFieldName = 'subject' | 'name' | 'email' | 'extension' | 'title' | 'department';
type Field = TextFieldName | 'message' | 'termsAccepted' | 'interests';

interface Draft {
  subject: string;
  name: string;
  email: string;
  extension: string;
  title: string;
  department: string;
  message: string;
  termsAccepted: boolean;
  interests: ContactInterest[];
  [HONEYPOT_FIELD]: string;
}

const blank: Draft = { subject: '', name: '', email: '', extension: '', title: '', department: '', message: '', termsAccepted: false, interests: [], [HONEYPOT_FIELD]: '' };

const textFields: readonly { field: TextFieldName; label: string; autoComplete: string; required: boolean; type?: string; hint?: string }[] = [
  { field: 'subject', label: 'Subject', autoComplete: 'off', required: true, hint: `At most ${CONTACT_SUBJECT_MAX} characters` },
  { field: 'name', label: 'Name', autoComplete: 'name', required: true },
  { field: 'email', label: 'Email', autoComplete: 'email', required: true, type: 'email' },
  { field: 'extension', label: 'Phone extension', autoComplete: 'off', required: false },
  { field: 'title', label: 'Title', autoComplete: 'organization-title', required: true },
  { field: 'department', label: 'Department', autoComplete: 'off', required: true },
];

/** As the form sends it (spec §2): the interests comma-joined, in the order of the options. */
const wireBody = ({ interests, ...draft }: Draft) => ({ ...draft, interests: contactInterests.filter((interest) => interests.includes(interest)).join(',') });

/** The contact form of /contact-us (spec §2, §5, §8); it clears after a message is sent. */
export function ContactForm() {
  const [draft, setDraft] = useState<Draft>(blank);
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; message: string } | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const send = useSendContactMessage();

  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const parsed = contactMessageInput.safeParse(wireBody(draft));
  const clientErrors: Partial<Record<Field, string>> = parsed.success ? {} : fieldMessages(parsed.error);
  const errorOf = (field: Field) => serverErrors[field] ?? (showErrors ? clientErrors[field] : undefined);

  const update = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };
  const toggleInterest = (interest: ContactInterest, checked: boolean) =>
    update('interests', checked ? [...draft.interests, interest] : draft.interests.filter((chosen) => chosen !== interest));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) {
      setShowErrors(true);
      setOutcome(null);
      setFocusRequest((count) => count + 1);
      return;
    }
    setOutcome(null);
    send.mutate({ ...wireBody(draft), termsAccepted: true }, {
      onSuccess: () => {
        setOutcome({ kind: 'success', message: contactMessages.sent });
        setDraft(blank);
        setShowErrors(false);
      },
      onError: (error) => {
        const failure = submissionFailure(error, contactMessages.failed);
        setServerErrors(failure.fields);
        setOutcome({ kind: 'error', message: failure.message });
      },
    });
  };

  const messageError = errorOf('message');
  const termsError = errorOf('termsAccepted');
  const interestsError = errorOf('interests');
  return (
    <form ref={formRef} className="contact-form" onSubmit={onSubmit} noValidate aria-label="Contact form">
      <div className="contact-form__grid">
        {textFields.map(({ field, label, autoComplete, required, type, hint }) => (
          <TextField
            key={field}
            label={label}
            type={type ?? 'text'}
            autoComplete={autoComplete}
            required={required}
            hint={hint}
            value={draft[field]}
            onChange={(event) => update(field, event.target.value)}
            error={errorOf(field)}
          />
        ))}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-message`}>
          Message<span aria-hidden="true"> *</span>
        </label>
        <textarea
          id={`${id}-message`}
          className="field__input contact-form__message"
          rows={6}
          aria-required="true"
          aria-invalid={messageError !== undefined}
          aria-describedby={messageError === undefined ? undefined : `${id}-message-error`}
          value={draft.message}
          onChange={(event) => update('message', event.target.value)}
        />
        {messageError !== undefined && (
          <p id={`${id}-message-error`} className="field__error">
            {messageError}
          </p>
        )}
      </div>
      <fieldset className="contact-form__interests" aria-describedby={interestsError === undefined ? undefined : `${id}-interests-error`}>
        <legend className="field__label">I am interested in</legend>
        {contactInterests.map((interest) => (
          <label key={interest} className="contact-form__check">
            <input type="checkbox" checked={draft.interests.includes(interest)} onChange={(event) => toggleInterest(interest, event.target.checked)} /> {interest}
          </label>
        ))}
        {interestsError !== undefined && (
          <p id={`${id}-interests-error`} className="field__error">
            {interestsError}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label className="contact-form__terms">
          <input
            type="checkbox"
            checked={draft.termsAccepted}
            aria-invalid={termsError !== undefined}
            aria-describedby={termsError === undefined ? undefined : `${id}-terms-error`}
            onChange={(event) => update('termsAccepted', event.target.checked)}
          />{' '}
          I agree to the <Link to="/terms-of-sales">terms and conditions</Link> and the <Link to="/privacy-policy">privacy policy</Link>
          <span aria-hidden="true"> *</span>
        </label>
        {termsError !== undefined && (
          <p id={`${id}-terms-error`} className="field__error">
            {termsError}
          </p>
        )}
      </div>
      <HoneypotField value={draft[HONEYPOT_FIELD]} onChange={(value) => update(HONEYPOT_FIELD, value)} />
      {outcome !== null && (
        <p className={`banner banner--${outcome.kind}`} role={outcome.kind === 'error' ? 'alert' : 'status'}>
          {outcome.message}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={send.isPending} aria-busy={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}
