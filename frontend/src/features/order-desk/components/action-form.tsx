import { useEffect, useRef, useState, type FormEvent } from 'react';
import { TextField } from '@/components/text-field/text-field.tsx';
import type { DeskActionSpec } from '../desk-actions.ts';

interface ActionFormProps {
  id: string;
  spec: DeskActionSpec;
  pending: boolean;
  /** The server's messages by field name, from a 400. */
  serverErrors: Readonly<Record<string, string>>;
  onSubmit(fields: Record<string, string>): void;
  onCancel(): void;
}

/** The schema's first message per field, keyed by the body's field name like the server's 400. */
function schemaErrors(spec: DeskActionSpec, values: Record<string, string>): Record<string, string> {
  const result = spec.input.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The facts a move needs, asked for in place under its button; the focus goes to the first field. */
export function ActionForm({ id, spec, pending, serverErrors, onSubmit, onCancel }: ActionFormProps) {
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(spec.fields.map((field) => [field.name, ''])));
  const [submitted, setSubmitted] = useState(false);
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => firstField.current?.focus(), []);

  const errors = schemaErrors(spec, values);
  // Messages appear once the admin tried to submit; the server's stand until the field is edited.
  const errorOf = (name: string) => (submitted ? errors[name] : undefined) ?? (edited.has(name) ? undefined : serverErrors[name]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setEdited(new Set());
    if (Object.keys(errors).length > 0) return;
    onSubmit(Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.trim()])));
  };

  return (
    <form id={id} className="desk-action-form" aria-label={spec.label} onSubmit={submit} noValidate>
      {spec.fields.map((field, index) => (
        <TextField
          key={field.name}
          ref={index === 0 ? firstField : undefined}
          label={field.label}
          required={field.required}
          hint={field.hint}
          value={values[field.name] ?? ''}
          onChange={(event) => {
            setValues((current) => ({ ...current, [field.name]: event.target.value }));
            setEdited((current) => new Set(current).add(field.name));
          }}
          error={errorOf(field.name)}
          autoComplete="off"
        />
      ))}
      <div className="desk-action-form__buttons">
        <button type="submit" className={spec.danger ? 'button button--danger' : 'button button--primary'} disabled={pending}>
          {pending ? 'Saving…' : spec.submitLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={pending}>
          Back
        </button>
      </div>
    </form>
  );
}
