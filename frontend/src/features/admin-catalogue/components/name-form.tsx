import { useEffect, useId, type KeyboardEvent } from 'react';
import { createProductInput } from '@labshop/contracts/catalogue/commands';
import { createSubproductInput } from '@labshop/contracts/catalogue/subproducts-commands';
import { useCommandForm } from '@/hooks/use-command-form.ts';

/** The name each level's Add and Rename send, checked by its command's schema (the server's rules and words). */
const nameSchemas = { product: createProductInput, subproduct: createSubproductInput };

export type NamedNoun = keyof typeof nameSchemas;

interface NameFormProps {
  noun: NamedNoun;
  initialName: string;
  /** The input's label, e.g. 'Product name' or 'Subproduct name'. */
  fieldLabel: string;
  /** Accessible name of the form, e.g. 'Add product' or 'Rename Pipette tips'. */
  label: string;
  submitting: boolean;
  /** The server's message for the name field, shown next to it until the name changes. */
  error: string | undefined;
  /** A name the schema accepts, trimmed. */
  onSubmit: (name: string) => void;
  onCancel: () => void;
  onNameChange: () => void;
}

/** The inline name form shared by Add and Rename at every level: Save/Cancel, Escape cancels; the name is checked with the command's schema, then by the server. */
export function NameForm({
  noun,
  initialName,
  fieldLabel,
  label,
  submitting,
  error,
  onSubmit,
  onCancel,
  onNameChange,
}: NameFormProps) {
  const {
    form,
    formRef,
    field,
    onSubmit: onChecked,
  } = useCommandForm<{ name: string }>({
    schema: nameSchemas[noun],
    defaultValues: { name: initialName },
    focusRefused: true,
  });
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    if (error !== undefined) form.setError('name', { type: 'server', message: error }, { shouldFocus: true });
  }, [form, error]);

  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !submitting) {
      event.preventDefault();
      onCancel();
    }
  };

  const { error: nameError, onChange, ...name } = field('name');
  return (
    <form
      ref={formRef}
      className="name-form"
      aria-label={label}
      onSubmit={onChecked((input) => onSubmit(input.name))}
      onKeyDown={cancelOnEscape}
      noValidate
    >
      <div className="field name-form__field">
        <label className="field__label visually-hidden" htmlFor={inputId}>
          {fieldLabel}
        </label>
        <input
          id={inputId}
          className="field__input"
          placeholder={fieldLabel}
          autoFocus
          maxLength={100}
          {...name}
          onChange={(event) => {
            onNameChange();
            return onChange(event);
          }}
          aria-invalid={nameError !== undefined}
          aria-describedby={nameError === undefined ? undefined : errorId}
        />
        {nameError !== undefined && (
          <p id={errorId} className="field__error" role="alert">
            {nameError}
          </p>
        )}
      </div>
      <div className="name-form__actions">
        <button type="submit" className="button button--primary button--small" disabled={submitting}>
          {submitting ? 'Saving…' : 'Save'}
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={onCancel}
          disabled={submitting}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
