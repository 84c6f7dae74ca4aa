import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';

interface NameFormProps {
  initialName: string;
  /** The input's label, e.g. 'Product name' or 'Subproduct name'. */
  fieldLabel: string;
  /** Accessible name of the form, e.g. 'Add product' or 'Rename Pipette tips'. */
  label: string;
  submitting: boolean;
  /** The server's message for the name field, shown next to it. */
  error: string | undefined;
  onSubmit: (name: string) => void;
  onCancel: () => void;
  onNameChange: () => void;
}

/** The inline name form shared by Add and Rename at every level: Save/Cancel, Escape cancels, validation comes from the server. */
export function NameForm({
  initialName,
  fieldLabel,
  label,
  submitting,
  error,
  onSubmit,
  onCancel,
  onNameChange,
}: NameFormProps) {
  const [name, setName] = useState(initialName);
  const inputId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(name);
  };

  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !submitting) {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <form className="name-form" aria-label={label} onSubmit={submit} onKeyDown={cancelOnEscape} noValidate>
      <div className="field name-form__field">
        <label className="field__label visually-hidden" htmlFor={inputId}>
          {fieldLabel}
        </label>
        <input
          id={inputId}
          className="field__input"
          value={name}
          placeholder={fieldLabel}
          autoFocus
          maxLength={100}
          onChange={(event) => {
            setName(event.target.value);
            onNameChange();
          }}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : errorId}
        />
        {error !== undefined && (
          <p id={errorId} className="field__error" role="alert">
            {error}
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
