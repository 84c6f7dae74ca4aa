import { useState } from 'react';
import { customerProfileInput, type CustomerProfileInput } from '@labshop/contracts/customers/commands';
import { useCommandForm } from '@/hooks/use-command-form.ts';
import { isUsStateCode } from '@labshop/contracts/us-states';
import { useSaveAccountProfile } from '../api/save-account-profile.ts';
import { TextField } from '@/components/text-field/text-field.tsx';
import { companyField, postalFields, type AddressTextField } from '@/lib/postal-address-fields.ts';
import { StateOptions } from '@/components/state-options/state-options.tsx';

type Field = keyof CustomerProfileInput;

export const profileMessages = {
  saved: 'Profile updated successfully!',
  saveFailed: 'Failed to update profile. Please try again.',
  invalid: 'Invalid form or missing user ID.',
};

const textFields: readonly AddressTextField<Exclude<Field, 'state'>>[] = [
  { field: 'fullName', label: 'Display name', autoComplete: 'name' },
  companyField,
  // The spec's "VAT number": called what checkout calls it, where it means the same exemption.
  { field: 'vatNumber', label: 'Tax Exempt Number', autoComplete: 'off', optional: true },
  ...postalFields,
];

interface ProfileFormProps {
  customerId: string;
  saved: CustomerProfileInput;
  /** The values come from the latest order, the customer never saved a profile: say so, so they know to save it. */
  filledFromLatestOrder?: boolean;
}

/** My Profile: the saved values (else the latest order's) to start from; a state the list does not know is cleared (spec §5). */
export function ProfileForm({ customerId, saved, filledFromLatestOrder = false }: ProfileFormProps) {
  // Each field says what is wrong beside it once left (or on a refused save, when the first one gets the focus).
  const { field, errorOf, onSubmit, submitting } = useCommandForm<CustomerProfileInput>({
    schema: customerProfileInput,
    defaultValues: { ...saved, state: isUsStateCode(saved.state) ? saved.state : '' },
    mode: 'onTouched',
    shouldFocusError: true,
  });
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; message: string } | null>(null);
  const save = useSaveAccountProfile();
  const input = (name: Field) => {
    const { error: _shown, ...registered } = field(name);
    const onChange: typeof registered.onChange = (event) => {
      setOutcome(null);
      return registered.onChange(event);
    };
    return { ...registered, onChange };
  };

  const submit = onSubmit(
    async (profile) => {
      if (customerId === '') return setOutcome({ kind: 'error', message: profileMessages.invalid });
      try {
        await save.mutateAsync(profile);
        setOutcome({ kind: 'success', message: profileMessages.saved });
      } catch {
        setOutcome({ kind: 'error', message: profileMessages.saveFailed });
      }
    },
    () => setOutcome(null),
  );

  return (
    <form className="profile-form" onSubmit={submit} noValidate aria-label="My Profile">
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
            {...input(field)}
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
            {...input('state')}
            aria-invalid={errorOf('state') !== undefined}
            aria-describedby={errorOf('state') === undefined ? undefined : 'profile-state-error'}
          >
            <StateOptions />
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
          {...input('zipCode')}
          error={errorOf('zipCode')}
        />
      </div>
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? 'Saving…' : 'Save profile'}
      </button>
    </form>
  );
}
