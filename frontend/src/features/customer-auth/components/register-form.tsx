import { Link } from 'react-router-dom';
import { registerCustomerInput, type RegisterCustomerInput } from '@labshop/contracts/customers/commands';
import type { ReturnPath } from '@labshop/contracts/customers/return-paths-commands';
import { useState } from 'react';
import { CheckboxField } from '@/components/text-field/checkbox-field.tsx';
import { useCommandForm } from '@/hooks/use-command-form.ts';
import { useRegisterCustomer, type Registration } from '../api/register-customer.ts';
import { authMessages, serverMessageOr } from '../messages.ts';
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

type RegistrationDraft = Omit<Registration, 'title' | 'terms' | 'returnTo'> & {
  title: Registration['title'] | null;
  terms: boolean;
};

const blank: RegistrationDraft = {
  title: null,
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  newsletter: false,
  terms: false,
};

interface RegisterFormProps {
  /** Where the activation link leads back to after sign-in (registering inside checkout: /order). */
  returnTo?: ReturnPath;
}

export function RegisterForm({ returnTo }: RegisterFormProps = {}) {
  // Errors show once a field has been left (spec: shown once touched); the server's stay until that field changes.
  const { form, field, errorOf, refuse, onSubmit, submitting } = useCommandForm<
    RegistrationDraft,
    RegisterCustomerInput
  >({
    schema: registerCustomerInput,
    defaultValues: blank,
    mode: 'onTouched',
  });
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; message: string } | null>(null);
  const register = useRegisterCustomer();
  // The button is disabled until the form is valid (spec); the note under it names what is still missing.
  const { isValid } = form.formState;
  const stillNeeded = isValid
    ? []
    : (Object.keys(neededLabels) as Field[]).filter(
        (field) => !registerCustomerInput.shape[field].safeParse(form.watch(field)).success,
      );

  const submit = onSubmit(async (registration) => {
    setOutcome(null);
    try {
      const { message } = await register.mutateAsync({
        ...registration,
        ...(returnTo === undefined ? {} : { returnTo }),
      });
      setOutcome({ kind: 'success', message: message || authMessages.registered });
      form.reset(blank);
    } catch (error) {
      const message = serverMessageOr(error, authMessages.registrationFailed);
      refuse(error, message);
      setOutcome({ kind: 'error', message });
    }
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label="Register">
      {outcome !== null && (
        <div className={`banner banner--${outcome.kind}`} role={outcome.kind === 'error' ? 'alert' : 'status'}>
          <p>{outcome.message}</p>
          {outcome.kind === 'success' && <Link to="/resend-activation">Resend Activation Link</Link>}
        </div>
      )}
      <fieldset
        className="choice-group"
        aria-describedby={errorOf('title') === undefined ? undefined : 'register-title-error'}
      >
        <legend>Title</legend>
        {(['Mr', 'Ms'] as const).map((title) => (
          <label key={title} className="choice">
            <input
              type="radio"
              value={title}
              {...form.register('title')}
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
      <TextField id="register-first-name" label="First name" autoComplete="given-name" {...field('firstName')} />
      <TextField id="register-last-name" label="Last name" autoComplete="family-name" {...field('lastName')} />
      <TextField id="register-email" label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField
        id="register-password"
        label="Password"
        type="password"
        revealable
        autoComplete="new-password"
        placeholder="At least 6 characters"
        {...field('password')}
      />
      <label className="choice">
        <input type="checkbox" {...form.register('newsletter')} />
        Sign up for our newsletter
      </label>
      <CheckboxField
        labelClassName="choice"
        // Ticking or unticking counts as leaving it: its message shows at once.
        {...form.register('terms', { onChange: () => void form.trigger('terms') })}
        error={errorOf('terms')}
      >
        I agree to the terms and conditions and the privacy policy
      </CheckboxField>
      <button
        type="submit"
        className="button button--primary auth-form__submit"
        disabled={!isValid || submitting}
        aria-describedby={isValid ? undefined : 'register-still-needed'}
      >
        {submitting ? 'Creating your account…' : 'Create account'}
      </button>
      {!isValid && (
        // A disabled button alone would not say why: the note names what is missing.
        <p id="register-still-needed" className="field__hint auth-form__needed">
          {`Still needed: ${stillNeeded.map((field) => neededLabels[field]).join(', ')}.`}
        </p>
      )}
    </form>
  );
}
