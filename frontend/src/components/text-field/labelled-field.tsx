import type { ReactNode } from 'react';

interface LabelledFieldProps {
  /** The control's id: the label points at it, the hint and error take it as their prefix. */
  id: string;
  label: ReactNode;
  required: boolean;
  hint?: string | undefined;
  error?: string | undefined;
  /** The error is announced as soon as it shows (role="alert"), for a form that says it beside the field on submit. */
  announceError?: boolean | undefined;
  /** Extra class on the field's wrapper. */
  className?: string | undefined;
  /** The control (input, textarea) whose aria-describedby is `describedBy(id, hint, error)`. */
  children: ReactNode;
}

/** What a control in a LabelledField is described by: its hint and its error, those shown. */
export function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  const ids = [hint !== undefined && `${id}-hint`, error !== undefined && `${id}-error`].filter(Boolean).join(' ');
  return ids === '' ? undefined : ids;
}

/** The frame of a labelled control: the label (with an asterisk when required), the control, then its hint and error. */
export function LabelledField({
  id,
  label,
  required,
  hint,
  error,
  announceError = false,
  className,
  children,
}: LabelledFieldProps) {
  return (
    <div className={className === undefined ? 'field' : `field ${className}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
      {hint !== undefined && (
        <p id={`${id}-hint`} className="field__hint field__hint--after">
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={`${id}-error`} className="field__error" role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}
