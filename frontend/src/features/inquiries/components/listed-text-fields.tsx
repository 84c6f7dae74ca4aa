import { TextField } from '@/components/text-field/text-field.tsx';

/** One text input of a submission form, as its list of fields describes it. */
export interface ListedTextField<Field extends string> {
  field: Field;
  label: string;
  autoComplete: string;
  required: boolean;
  type?: string;
  hint?: string;
}

interface ListedTextFieldsProps<Field extends string> {
  fields: readonly ListedTextField<Field>[];
  values: Record<Field, string>;
  onChange: (field: Field, value: string) => void;
  errorOf: (field: Field) => string | undefined;
}

/** A submission form's text inputs, in the order of its list. */
export function ListedTextFields<Field extends string>({
  fields,
  values,
  onChange,
  errorOf,
}: ListedTextFieldsProps<Field>) {
  return fields.map(({ field, label, autoComplete, required, type, hint }) => (
    <TextField
      key={field}
      label={label}
      type={type ?? 'text'}
      autoComplete={autoComplete}
      required={required}
      hint={hint}
      value={values[field]}
      onChange={(event) => onChange(field, event.target.value)}
      error={errorOf(field)}
    />
  ));
}
