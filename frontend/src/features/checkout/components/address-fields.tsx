import type { BillingAddressInput } from '@labshop/contracts/orders/commands';
import { TextField } from '@/components/text-field/text-field.tsx';
import { companyField, postalFields, type AddressTextField } from '@/lib/postal-address-fields.ts';
import { StateOptions } from '@/components/state-options/state-options.tsx';

/** The fields of one address form (shipping or billing): the same fields, labels and order in both. */
export type AddressFieldName = keyof BillingAddressInput;

const textFields: readonly AddressTextField<Exclude<AddressFieldName, 'state' | 'zipCode'>>[] = [
  { field: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { field: 'email', label: 'Email', autoComplete: 'email' },
  companyField,
  ...postalFields,
];

interface AddressFieldsProps {
  /** Prefix of the inputs' ids: 'address' → address-firstName. */
  idPrefix: string;
  /** The billing form's autofill tokens say so ('billing address-line1'), so the browser fills it from the billing address. */
  autofillHint?: 'billing';
  values: BillingAddressInput;
  onChange(field: AddressFieldName, value: string): void;
  onBlur(field: AddressFieldName): void;
  errorOf(field: AddressFieldName): string | undefined;
  /** The shipping form's email is the signed-in one. */
  emailReadOnly?: boolean;
}

/** One address form's fields, validated by the caller with the shared schema (orderAddressInput or billingAddressInput). */
export function AddressFields({
  idPrefix,
  autofillHint,
  values,
  onChange,
  onBlur,
  errorOf,
  emailReadOnly = false,
}: AddressFieldsProps) {
  const autofill = (token: string) => (autofillHint === undefined ? token : `${autofillHint} ${token}`);
  const stateError = errorOf('state');
  return (
    <div className="checkout-form__grid">
      {textFields.map(({ field, label, autoComplete, optional }) => {
        const readOnly = field === 'email' && emailReadOnly;
        return (
          <TextField
            key={field}
            id={`${idPrefix}-${field}`}
            label={optional ? `${label} (optional)` : label}
            required={!optional && !readOnly}
            autoComplete={autofill(autoComplete)}
            readOnly={readOnly}
            value={values[field]}
            onChange={(event) => onChange(field, event.target.value)}
            onBlur={() => onBlur(field)}
            error={errorOf(field)}
          />
        );
      })}
      <div className="field">
        <label className="field__label" htmlFor={`${idPrefix}-state`}>
          State<span aria-hidden="true"> *</span>
        </label>
        <select
          id={`${idPrefix}-state`}
          className="field__input"
          autoComplete={autofill('address-level1')}
          aria-required
          value={values.state}
          onChange={(event) => {
            onChange('state', event.target.value);
            onBlur('state');
          }}
          onBlur={() => onBlur('state')}
          aria-invalid={stateError !== undefined}
          aria-describedby={stateError === undefined ? undefined : `${idPrefix}-state-error`}
        >
          <StateOptions />
        </select>
        {stateError !== undefined && (
          <p id={`${idPrefix}-state-error`} className="field__error">
            {stateError}
          </p>
        )}
      </div>
      <TextField
        id={`${idPrefix}-zipCode`}
        label="Zip code"
        required
        autoComplete={autofill('postal-code')}
        inputMode="numeric"
        value={values.zipCode}
        onChange={(event) => onChange('zipCode', event.target.value)}
        onBlur={() => onBlur('zipCode')}
        error={errorOf('zipCode')}
      />
    </div>
  );
}
