import { useRef, useState, type FormEvent } from 'react';
import { customerProfileInput, fieldMessages, type CustomerProfileInput } from '@labshop/shared/commands/customers';
import { US_STATES, isUsStateName } from '@labshop/shared/us-states';
import { useSaveAccountProfile } from '../api/save-account-profile.ts';
import { TextField } from '@/components/text-field/text-field.tsx';

type Field = keyof CustomerProfileInput;

export const profileMessages = {
  saved: 'Profile updated successfully!',
  saveFailed: 'Failed to update profile. Please try again.',
  invalid: 'Invalid form or missing user ID.',
};

const textFields: readonly { field: Exclude<Field, 'state'>; label: string; autoComplete: string; optional?: boolean }[] = [
  { field: 'fullName', label: 'Display name', autoComplete: 'name' },
  { field: 'company', label: 'Company', autoComplete: 'organization', optional: true },
  // The spec's "VAT number": called what checkout calls it, where it means the same exemption.
  { field: 'vatNumber', label: 'Tax Exempt Number', autoComplete: 'off', optional: true },
  { field: 'phone', label: 'Phone number', autoComplete: 'tel' },
  { field: 'address1', label: 'Address', autoComplete: 'address-line1' },
  { field: 'address2', label: 'Address 2', autoComplete: 'address-line2', optional: true },
  { field: 'city', label: 'City', autoComplete: 'address-level2' },
];

interface ProfileFormProps {
  customerId: string;
  saved: CustomerProfileInput;
  /** The values come from the latest order, the customer never saved a profile: say so, so they know to save it. */
  filledFromLatestOrder?: boolean;
}

/** My Profile: the saved values (else the latest order's) to start from; a state the list does not know is cleared (spec §5). */
export function ProfileForm({ customerId, saved, filledFromLatestOrder = false }: ProfileFormProps) {
  const [profile, setProfile] = useState<CustomerProfileInput>({ ...saved, state: isUsStateName(saved.state) ? saved.state : '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; message: string } | null>(null);
  const save = useSaveAccountProfile();
  const formRef = useRef<HTMLFormElement>(null);

  const result = customerProfileInput.safeParse(profile);
  const errors: Partial<Record<Field, string>> = result.success ? {} : fieldMessages(result.error);
  const errorOf = (field: Field) => (touched[field] ? errors[field] : undefined);
  const update = (field: Field, value: string) => {
    setProfile((current) => ({ ...current, [field]: value }));
    setOutcome(null);
  };
  const touch = (field: Field) => () => setTouched((current) => ({ ...current, [field]: true }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = customerProfileInput.safeParse(profile);
    if (!parsed.success) {
      // Each field says what is wrong beside it; the first one gets the focus.
      setTouched(Object.fromEntries(Object.keys(profile).map((field) => [field, true])));
      setOutcome(null);
      const first = Object.keys(fieldMessages(parsed.error))[0];
      if (first !== undefined) formRef.current?.querySelector<HTMLElement>(`#profile-${first}`)?.focus();
      return;
    }
    if (customerId === '') {
      setOutcome({ kind: 'error', message: profileMessages.invalid });
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => setOutcome({ kind: 'success', message: profileMessages.saved }),
      onError: () => setOutcome({ kind: 'error', message: profileMessages.saveFailed }),
    });
  };

  return (
    <form ref={formRef} className="profile-form" onSubmit={onSubmit} noValidate aria-label="My Profile">
      {filledFromLatestOrder && outcome === null && (
        <p className="banner banner--success" role="status">
          Filled in from your latest order. Check it and save to keep it as your profile.
        </p>
      )}
      <p className="profile-form__legend">Fields marked * are required.</p>
      {outcome !== null && (
        <p className={`banner banner--${outcome.kind}`} role={outcome.kind === 'error' ? 'alert' : 'status'}>
          {outcome.message}
        </p>
      )}
      <div className="profile-form__grid">
        {textFields.map(({ field, label, autoComplete, optional }) => (
          <TextField
            key={field}
            id={`profile-${field}`}
            label={optional ? `${label} (optional)` : label}
            required={!optional}
            autoComplete={autoComplete}
            value={profile[field]}
            onChange={(event) => update(field, event.target.value)}
            onBlur={touch(field)}
            error={errorOf(field)}
          />
        ))}
        <div className="field">
          <label className="field__label" htmlFor="profile-state">
            State<span aria-hidden="true"> *</span>
          </label>
          <select
            id="profile-state"
            className="field__input"
            autoComplete="address-level1"
            aria-required
            value={profile.state}
            onChange={(event) => update('state', event.target.value)}
            onBlur={touch('state')}
            aria-invalid={errorOf('state') !== undefined}
            aria-describedby={errorOf('state') === undefined ? undefined : 'profile-state-error'}
          >
            <option value="">Choose...</option>
            {US_STATES.map((state) => (
              <option key={state.code} value={state.name}>
                {state.name}
              </option>
            ))}
          </select>
          {errorOf('state') !== undefined && (
            <p id="profile-state-error" className="field__error">
              {errorOf('state')}
            </p>
          )}
        </div>
        <TextField
          id="profile-zipCode"
          label="Zip"
          required
          autoComplete="postal-code"
          inputMode="numeric"
          value={profile.zipCode}
          onChange={(event) => update('zipCode', event.target.value)}
          onBlur={touch('zipCode')}
          error={errorOf('zipCode')}
        />
      </div>
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save profile'}
      </button>
    </form>
  );
}
