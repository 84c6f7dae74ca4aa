import { useState, type InputHTMLAttributes } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  id: string;
  label: string;
  error?: string | undefined;
  /** A password field gets a Show / Hide toggle. */
  revealable?: boolean;
}

/** A labelled input with its error tied to it (aria-describedby), and for passwords a show-password toggle. */
export function TextField({ id, label, error, revealable = false, type, ...input }: TextFieldProps) {
  const [shown, setShown] = useState(false);
  const errorId = `${id}-error`;
  const control = (
    <input
      {...input}
      id={id}
      type={revealable && shown ? 'text' : type}
      className="field__input"
      aria-invalid={error !== undefined}
      aria-describedby={error === undefined ? undefined : errorId}
    />
  );
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {revealable ? (
        <div className="password-input">
          {control}
          <button
            type="button"
            className="button button--secondary button--small password-input__toggle"
            aria-pressed={shown}
            aria-controls={id}
            aria-label={`Show ${label.toLowerCase()}`}
            onClick={() => setShown((isShown) => !isShown)}
          >
            {shown ? 'Hide' : 'Show'}
          </button>
        </div>
      ) : (
        control
      )}
      {error !== undefined && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
