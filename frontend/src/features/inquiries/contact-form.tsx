import { useId } from 'react';
import { Link } from 'react-router-dom';
import {
  CONTACT_SUBJECT_MAX,
  contactInterests,
  contactMessageInput,
  contactMessages,
  HONEYPOT_FIELD,
  type ContactInterest,
  type ContactMessageInput,
} from '@labshop/contracts/inbox/commands';
import { TextAreaField } from '@/components/text-field/text-area-field.tsx';
import type { ContactPrefill } from '@/lib/contact-links.ts';
import { useSendContactMessage } from './api/send-contact-message.ts';
import { HoneypotField } from './components/honeypot-field.tsx';
import { ListedTextFields, type ListedTextField } from './components/listed-text-fields.tsx';
import { SubmissionActions } from './components/submission-actions.tsx';
import { useSubmissionForm } from './use-submission-form.ts';
import './inquiries.css';

type TextFieldName = 'subject' | 'name' | 'email' | 'extension' | 'title' | 'department';

/** The command's input as the form holds it: every text filled in ('' when empty), the terms ticked or not, the interests chosen. */
type Draft = Required<Omit<ContactMessageInput, 'termsAccepted' | 'interests'>> & {
  termsAccepted: boolean;
  interests: ContactInterest[];
};

const blank: Draft = {
  subject: '',
  name: '',
  email: '',
  extension: '',
  title: '',
  department: '',
  message: '',
  termsAccepted: false,
  interests: [],
  [HONEYPOT_FIELD]: '',
};

const textFields: readonly ListedTextField<TextFieldName>[] = [
  {
    field: 'subject',
    label: 'Subject',
    autoComplete: 'off',
    required: true,
    hint: `At most ${CONTACT_SUBJECT_MAX} characters`,
  },
  { field: 'name', label: 'Name', autoComplete: 'name', required: true },
  { field: 'email', label: 'Email', autoComplete: 'email', required: true, type: 'email' },
  { field: 'extension', label: 'Phone extension', autoComplete: 'off', required: false },
  { field: 'title', label: 'Title', autoComplete: 'organization-title', required: true },
  { field: 'department', label: 'Department', autoComplete: 'off', required: true },
];

/** As the form sends it (spec §2): the interests comma-joined, in the order of the options. */
const wireBody = ({ interests, ...draft }: Draft) => ({
  ...draft,
  interests: contactInterests.filter((interest) => interests.includes(interest)).join(','),
});

/** The contact form of /contact-us (spec §2, §5, §8), started from a subject and message when a link carried them; it clears after a message is sent. */
export function ContactForm({ prefill }: { prefill?: ContactPrefill }) {
  const send = useSendContactMessage();
  const { draft, update, errorOf, outcome, formRef, onSubmit } = useSubmissionForm({
    blank: () => blank,
    initial:
      prefill === undefined
        ? undefined
        : { ...blank, subject: prefill.subject.slice(0, CONTACT_SUBJECT_MAX), message: prefill.message },
    validate: (current) => contactMessageInput.safeParse(wireBody(current)),
    send: (current, callbacks) => send.mutate({ ...wireBody(current), termsAccepted: true }, callbacks),
    messages: contactMessages,
  });
  const id = useId();

  const toggleInterest = (interest: ContactInterest, checked: boolean) =>
    update(
      'interests',
      checked ? [...draft.interests, interest] : draft.interests.filter((chosen) => chosen !== interest),
    );

  const termsError = errorOf('termsAccepted');
  const interestsError = errorOf('interests');
  return (
    <form ref={formRef} className="contact-form" onSubmit={onSubmit} noValidate aria-label="Contact form">
      <div className="contact-form__grid">
        <ListedTextFields fields={textFields} values={draft} onChange={update} errorOf={errorOf} />
      </div>
      <TextAreaField
        label="Message"
        required
        textareaClassName="contact-form__message"
        rows={6}
        value={draft.message}
        onChange={(event) => update('message', event.target.value)}
        error={errorOf('message')}
      />
      <fieldset
        className="contact-form__interests"
        aria-describedby={interestsError === undefined ? undefined : `${id}-interests-error`}
      >
        <legend className="field__label">I am interested in</legend>
        {contactInterests.map((interest) => (
          <label key={interest} className="contact-form__check">
            <input
              type="checkbox"
              checked={draft.interests.includes(interest)}
              onChange={(event) => toggleInterest(interest, event.target.checked)}
            />{' '}
            {interest}
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
          I agree to the <Link to="/terms-of-sales">terms and conditions</Link> and the{' '}
          <Link to="/privacy-policy">privacy policy</Link>
          <span aria-hidden="true"> *</span>
        </label>
        {termsError !== undefined && (
          <p id={`${id}-terms-error`} className="field__error">
            {termsError}
          </p>
        )}
      </div>
      <HoneypotField value={draft[HONEYPOT_FIELD]} onChange={(value) => update(HONEYPOT_FIELD, value)} />
      <SubmissionActions outcome={outcome} pending={send.isPending} label="Send message" />
    </form>
  );
}
