import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '@/lib/api-client.ts';
import { registerCustomerInput } from '@labshop/shared/commands/customers';
import { useRegisterCustomer, type Registration } from '../api/register-customer.ts';
import { fieldErrors, type FieldErrors } from '../field-errors.ts';
import { authMessages, registrationFailure } from '../messages.ts';
import { TextField } from '@/components/text-field/text-field.tsx';

type Field = 'title' | 'firstName' | 'lastName' | 'email' | 'password' | 'terms';

const everyField: Record<Field, true> = { title: true, firstName: true, lastName: true, email: true, password: true, terms: true };

const blank = { title: undefined, firstName: '', lastName: '', email: '', password: '', newsletter: false, terms: false };

type RegistrationDraft = Omit<Registration, 'title' | 'terms'> & { title: Registration['title'] | undefined; terms: boolean };

export function RegisterForm() {
  const [draft, setDraft] = useState<RegistrationDraft>(blank);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors<Field>>({});
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; message: string } | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const register = useRegisterCustomer();

  const clientErrors = fieldErrors<Field>(registerCustomerInput, draft);
  const invalid = Object.keys(clientErrors).length > 0;
  // Errors show once a field has been left (spec: shown once touched); the server's stay until that field changes.
  const errorOf = (field: Field) => serverErrors[field] ?? (touched[field] ? clientErrors[field] : undefined);

  const update = <K extends keyof RegistrationDraft>(field: K, value: RegistrationDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };
  const touch = (field: Field) => () => setTouched((current) => ({ ...current, [field]: true }));

  // After a refused try, the first field that says why takes focus.
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid || draft.title === undefined || !draft.terms) {
      // A try is the moment every field's message shows: a disabled button would not say why.
      setTouched(everyField);
      setFocusRequest((count) => count + 1);
      return;
    }
    setOutcome(null);
    register.mutate(
      { ...draft, title: draft.title, terms: true, email: draft.email.trim() },
      {
        onSuccess: ({ message }) => {
          setOutcome({ kind: 'success', message: message || authMessages.registered });
          setDraft(blank);
          setTouched({});
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? (error.fields as FieldErrors<Field>) : {};
          setServerErrors(fields);
          setOutcome({ kind: 'error', message: registrationFailure(error) });
        },
      },
    );
  };

  return (
    <form ref={formRef} className="auth-form" onSubmit={onSubmit} noValidate aria-label="Register">
      {outcome !== null && (
        <div className={`banner banner--${outcome.kind}`} role={outcome.kind === 'error' ? 'alert' : 'status'}>
          <p>{outcome.message}</p>
          {outcome.kind === 'success' && <Link to="/resend-activation">Resend Activation Link</Link>}
        </div>
      )}
      <fieldset className="choice-group" aria-describedby={errorOf('title') === undefined ? undefined : 'register-title-error'}>
        <legend>Title</legend>
        {(['Mr', 'Ms'] as const).map((title) => (
          <label key={title} className="choice">
            <input
              type="radio"
              name="title"
              value={title}
              checked={draft.title === title}
              onChange={() => update('title', title)}
              onBlur={touch('title')}
              aria-invalid={errorOf('title') !== undefined}
            />
            {title}
          </label>
        ))}
      </fieldset>
      {errorOf('title') !== undefined && (
        <p id="register-title-error" className="field__error">
          {errorOf('title')}
        </p>
      )}
      <TextField id="register-first-name" label="First name" autoComplete="given-name" value={draft.firstName} onChange={(e) => update('firstName', e.target.value)} onBlur={touch('firstName')} error={errorOf('firstName')} />
      <TextField id="register-last-name" label="Last name" autoComplete="family-name" value={draft.lastName} onChange={(e) => update('lastName', e.target.value)} onBlur={touch('lastName')} error={errorOf('lastName')} />
      <TextField id="register-email" label="Email" type="email" autoComplete="email" value={draft.email} onChange={(e) => update('email', e.target.value)} onBlur={touch('email')} error={errorOf('email')} />
      <TextField
        id="register-password"
        label="Password"
        type="password"
        revealable
        autoComplete="new-password"
        placeholder="At least 6 characters"
        value={draft.password}
        onChange={(e) => update('password', e.target.value)}
        onBlur={touch('password')}
        error={errorOf('password')}
      />
      <label className="choice">
        <input type="checkbox" checked={draft.newsletter ?? false} onChange={(e) => update('newsletter', e.target.checked)} />
        Sign up for our newsletter
      </label>
      <label className="choice">
        <input
          type="checkbox"
          checked={draft.terms}
          onChange={(e) => {
            update('terms', e.target.checked);
            touch('terms')();
          }}
          aria-invalid={errorOf('terms') !== undefined}
          aria-describedby={errorOf('terms') === undefined ? undefined : 'register-terms-error'}
        />
        I agree to the terms and conditions and the privacy policy
      </label>
      {errorOf('terms') !== undefined && (
        <p id="register-terms-error" className="field__error">
          {errorOf('terms')}
        </p>
      )}
      <button type="submit" className="button button--primary auth-form__submit" disabled={register.isPending}>
        {register.isPending ? 'Creating your account…' : 'Create account'}
      </button>
    </form>
  );
}
