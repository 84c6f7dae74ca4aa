import { TextAreaField } from '@/components/text-field/text-area-field.tsx';
import { TextField } from '@/components/text-field/text-field.tsx';
import type { CommandField } from '@/hooks/use-command-form.ts';

/** One text input of a submission form, as its list of fields describes it; with `rows`, a textarea. */
export interface ListedTextField<Field extends string> {
  field: Field;
  label: string;
  autoComplete: string;
  required: boolean;
  type?: string;
  hint?: string;
  /** A textarea of this many rows, with this class. */
  multiline?: { rows: number; className: string };
}

interface ListedTextFieldsProps<Field extends string> {
  fields: readonly ListedTextField<Field>[];
  /** The form hook's `field`: the input's registration and its message. */
  field: (name: Field) => CommandField;
}

/** A submission form's text inputs, in the order of its list. */
export function ListedTextFields<Field extends string>({ fields, field }: ListedTextFieldsProps<Field>) {
  return fields.map(({ field: name, type, multiline, ...shown }) =>
    multiline === undefined ? (
      <TextField key={name} {...shown} type={type ?? 'text'} {...field(name)} />
    ) : (
      <TextAreaField
        key={name}
        {...shown}
        rows={multiline.rows}
        textareaClassName={multiline.className}
        {...field(name)}
      />
    ),
  );
}
