import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '@/lib/api-client.ts';
import { registerCustomerInput } from '@labshop/shared/commands/customers';
import type { ReturnPath } from '@labshop/shared/commands/return-paths';
import { useRegisterCustomer, type Registration } from '../api/register-customer.ts';
import { fieldErrors, type FieldErrors } from '../field-errors.ts';
import { authMessages, registrationFailure } from '../messages.ts';
import { TextField } from '@/components/text-field/text-field.tsx';

type Field = 'title' | 'firstName' | 'lastName' | 'email' | 'password' | 'terms';

/** What the note under a disabled Create account names as still needed, in the form's order. */
const neededLabels: Record<Field, string> = {
  title: 'title (Mr or Ms)',
  firstName: 'first name',
  lastName: 'last name',
  email: 'email',
  password: 'password',
  terms: 'agreeing to the terms',
};

const blank = { title: undefined, firstName: '', lastName: '', email: '', password: '', newsletter: false, terms: false };

type RegistrationDraft = Omit<Registration, 'title' | 'terms' | 'returnTo'> & { title: Registration['title'] | undefined; terms: boolean };

interface RegisterFormProps {
  /** Where the activation link leads back to after sign-in (registering inside checkout: /order). */
  returnTo?: ReturnPath;
}

export function RegisterForm({ returnTo }: RegisterFormProps = {}) {
  const [draft, setDraft] = useState<RegistrationDraft>(blank);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors<Field>>({});
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; message: string } | null>(null);
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The button is disabled until the form is valid (spec); Enter in a field does nothing either.
    if (invalid || draft.title === undefined || !draft.terms) return;
    setOutcome(null);
    register.mutate(
      { ...draft, title: draft.title, terms: true, email: draft.email.trim(), ...(returnTo === undefined ? {} : { returnTo }) },
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
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Register">
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
      <button
        type="submit"
        className="button button--primary auth-form__submit"
        disabled={invalid || register.isPending}
        aria-describedby={invalid ? 'register-still-needed' : undefined}
      >
        {register.isPending ? 'Creating your account…' : 'Create account'}
      </button>
      {invalid && (
        // A disabled button alone would not say why: the note names what is missing.
        <p id="register-still-needed" className="field__hint auth-form__needed">
          {`Still needed: ${(Object.keys(neededLabels) as Field[])
            .filter((field) => clientErrors[field] !== undefined)
            .map((field) => neededLabels[field])
            .join(', ')}.`}
        </p>
      )}
    </form>
  );
}
