import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** The server's (or the same schema's) message for this field. */
  error?: string;
  hint?: string;
  /** Marked with an asterisk for the eye and aria-required for screen readers; checked by the schema, not the browser. */
  required?: boolean;
}

/** A labelled text input with its hint and error wired to it for screen readers. */
export function FormField({ label, value, onChange, error, hint, required = false, className, ...inputProps }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint !== undefined && hintId, error !== undefined && errorId].filter(Boolean).join(' ');
  return (
    <div className={`field${className === undefined ? '' : ` ${className}`}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        {...inputProps}
        id={id}
        className="field__input"
        value={value}
        aria-required={required || undefined}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error !== undefined}
        aria-describedby={describedBy === '' ? undefined : describedBy}
      />
      {hint !== undefined && (
        <p id={hintId} className="field__hint field__hint--after">
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
