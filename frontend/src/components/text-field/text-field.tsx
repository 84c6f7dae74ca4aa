import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { describedBy, LabelledField } from './labelled-field.tsx';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'required'> {
  label: ReactNode;
  /** The server's (or the same schema's) message for this field. */
  error?: string | undefined;
  hint?: string | undefined;
  /** The error is announced as soon as it shows (role="alert"). */
  announceError?: boolean;
  /** Marked with an asterisk for the eye and aria-required for screen readers; checked by the schema, not the browser. */
  required?: boolean;
  /** A password field gets a Show / Hide toggle. */
  revealable?: boolean;
  /** Extra class on the field's wrapper. */
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/** The one labelled input of the app: hint and error tied to it for screen readers, and a show-password toggle where asked. */
export function TextField({
  label,
  error,
  hint,
  announceError = false,
  required = false,
  revealable = false,
  className,
  id: givenId,
  type,
  ref,
  ...input
}: TextFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const [shown, setShown] = useState(false);
  const control = (
    <input
      {...input}
      ref={ref}
      id={id}
      type={revealable && shown ? 'text' : type}
      className="field__input"
      aria-required={required || undefined}
      aria-invalid={error !== undefined}
      aria-describedby={describedBy(id, hint, error)}
    />
  );
  return (
    <LabelledField
      id={id}
      label={label}
      required={required}
      hint={hint}
      error={error}
      announceError={announceError}
      className={className}
    >
      {revealable ? (
        <div className="password-input">
          {control}
          <button
            type="button"
            className="button button--secondary button--small password-input__toggle"
            aria-pressed={shown}
            aria-controls={id}
            aria-label={typeof label === 'string' ? `Show ${label.toLowerCase()}` : 'Show password'}
            onClick={() => setShown((isShown) => !isShown)}
          >
            {shown ? 'Hide' : 'Show'}
          </button>
        </div>
      ) : (
        control
      )}
    </LabelledField>
  );
}
