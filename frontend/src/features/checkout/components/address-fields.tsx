import type { BillingAddressInput } from '@labshop/contracts/orders/commands';
import { TextField } from '@/components/text-field/text-field.tsx';
import type { CommandField } from '@/hooks/use-command-form.ts';
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
  /** The address form's registered input and message for a field (useCommandForm's `field`, under the address's path). */
  field(name: AddressFieldName): CommandField;
  /** The shipping form's email is the signed-in one. */
  emailReadOnly?: boolean;
}

/** One address form's fields, validated by the caller's form with the shared schema (placeOrderInput). */
export function AddressFields({ idPrefix, autofillHint, field, emailReadOnly = false }: AddressFieldsProps) {
  const autofill = (token: string) => (autofillHint === undefined ? token : `${autofillHint} ${token}`);
  const { error: stateError, ...state } = field('state');
  return (
    <div className="checkout-form__grid">
      {textFields.map(({ field: name, label, autoComplete, optional }) => {
        const readOnly = name === 'email' && emailReadOnly;
        return (
          <TextField
            key={name}
            id={`${idPrefix}-${name}`}
            label={optional ? `${label} (optional)` : label}
            required={!optional && !readOnly}
            autoComplete={autofill(autoComplete)}
            readOnly={readOnly}
            {...field(name)}
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
          {...state}
          // A choice from the list is checked once made, as if the list had been left.
          onChange={async (event) => {
            await state.onChange(event);
            await state.onBlur({ target: event.target, type: 'blur' });
          }}
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
        {...field('zipCode')}
      />
    </div>
  );
}
