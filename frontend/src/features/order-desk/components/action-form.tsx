import { useEffect } from 'react';
import { TextField } from '@/components/text-field/text-field.tsx';
import { useCommandForm } from '@/hooks/use-command-form.ts';
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

const trimmed = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.trim()]));

/** The facts a move needs, asked for in place under its button; the focus goes to the first field. */
export function ActionForm({ id, spec, pending, serverErrors, onSubmit, onCancel }: ActionFormProps) {
  // The move's schema: its messages appear once the admin tried to submit, then follow the typing.
  const {
    form,
    formRef,
    field,
    onSubmit: onChecked,
  } = useCommandForm<Record<string, string>, unknown>({
    schema: spec.input,
    defaultValues: Object.fromEntries(spec.fields.map((field) => [field.name, ''])),
  });
  useEffect(() => formRef.current?.querySelector('input')?.focus(), [formRef]);

  // The server's messages stand until their field is edited.
  useEffect(() => {
    for (const [name, message] of Object.entries(serverErrors)) form.setError(name, { type: 'server', message });
  }, [form, serverErrors]);

  const submit = onChecked(() => onSubmit(trimmed(form.getValues())));

  return (
    <form ref={formRef} id={id} className="desk-action-form" aria-label={spec.label} onSubmit={submit} noValidate>
      {spec.fields.map((input) => (
        <TextField
          key={input.name}
          label={input.label}
          required={input.required}
          hint={input.hint}
          {...field(input.name)}
          autoComplete="off"
        />
      ))}
      <div className="desk-action-form__buttons">
        <button
          type="submit"
          className={spec.danger ? 'button button--danger' : 'button button--primary'}
          disabled={pending}
        >
          {pending ? 'Saving…' : spec.submitLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={pending}>
          Back
        </button>
      </div>
    </form>
  );
}
