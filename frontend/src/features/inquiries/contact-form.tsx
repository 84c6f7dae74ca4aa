import { useId, useState } from 'react';
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
import { CheckboxField } from '@/components/text-field/checkbox-field.tsx';
import { useCommandForm } from '@/hooks/use-command-form.ts';
import type { ContactPrefill } from '@/lib/contact-links.ts';
import { useSendContactMessage } from './api/send-contact-message.ts';
import { HoneypotField } from './components/honeypot-field.tsx';
import { ListedTextFields, type ListedTextField } from './components/listed-text-fields.tsx';
import { SubmissionActions } from './components/submission-actions.tsx';
import { submissionFailure } from './submission-failure.ts';
import './inquiries.css';

type TextFieldName = 'subject' | 'name' | 'email' | 'extension' | 'title' | 'department' | 'message';

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

const gridFields: readonly ListedTextField<TextFieldName>[] = [
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

const messageField: readonly ListedTextField<TextFieldName>[] = [
  {
    field: 'message',
    label: 'Message',
    autoComplete: 'off',
    required: true,
    multiline: { rows: 6, className: 'contact-form__message' },
  },
];

/** As the form sends it (spec §2): the interests comma-joined, in the order of the options. */
const wireBody = ({ interests, ...draft }: Draft) => ({
  ...draft,
  interests: contactInterests.filter((interest) => interests.includes(interest)).join(','),
});

/** The contact form of /contact-us (spec §2, §5, §8), started from a subject and message when a link carried them; it clears after a message is sent. */
export function ContactForm({ prefill }: { prefill?: ContactPrefill }) {
  const send = useSendContactMessage();
  const [sent, setSent] = useState<string | null>(null);
  const { form, formRef, field, formError, refuse, onSubmit, submitting } = useCommandForm<Draft, unknown>({
    schema: contactMessageInput,
    toInput: wireBody,
    defaultValues:
      prefill === undefined
        ? blank
        : { ...blank, subject: prefill.subject.slice(0, CONTACT_SUBJECT_MAX), message: prefill.message },
    focusRefused: true,
  });
  const id = useId();

  const submit = onSubmit(
    async () => {
      setSent(null);
      try {
        // The schema passed, so the terms are accepted.
        await send.mutateAsync({ ...wireBody(form.getValues()), termsAccepted: true });
        setSent(contactMessages.sent);
        form.reset(blank);
      } catch (error) {
        refuse(error, submissionFailure(error, contactMessages.failed));
      }
    },
    () => setSent(null),
  );

  const { error: interestsError, ...interest } = field('interests');
  return (
    <form ref={formRef} className="contact-form" onSubmit={submit} noValidate aria-label="Contact form">
      <div className="contact-form__grid">
        <ListedTextFields fields={gridFields} field={field} />
      </div>
      <ListedTextFields fields={messageField} field={field} />
      <fieldset
        className="contact-form__interests"
        aria-describedby={interestsError === undefined ? undefined : `${id}-interests-error`}
      >
        <legend className="field__label">I am interested in</legend>
        {contactInterests.map((value) => (
          <label key={value} className="contact-form__check">
            <input type="checkbox" value={value} {...interest} /> {value}
          </label>
        ))}
        {interestsError !== undefined && (
          <p id={`${id}-interests-error`} className="field__error">
            {interestsError}
          </p>
        )}
      </fieldset>
      <div className="field">
        <CheckboxField labelClassName="contact-form__terms" {...field('termsAccepted')}>
          {' '}
          I agree to the <Link to="/terms-of-sales">terms and conditions</Link> and the{' '}
          <Link to="/privacy-policy">privacy policy</Link>
          <span aria-hidden="true"> *</span>
        </CheckboxField>
      </div>
      <HoneypotField registration={form.register(HONEYPOT_FIELD)} />
      <SubmissionActions sent={sent} failure={formError} pending={submitting} label="Send message" />
    </form>
  );
}
