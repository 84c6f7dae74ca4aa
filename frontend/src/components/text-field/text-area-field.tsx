import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { describedBy, LabelledField } from './labelled-field.tsx';

interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'className' | 'required' | 'id'
> {
  label: ReactNode;
  /** The server's (or the same schema's) message for this field. */
  error?: string | undefined;
  hint?: string | undefined;
  /** Marked with an asterisk for the eye and aria-required for screen readers; checked by the schema, not the browser. */
  required?: boolean;
  /** Extra class on the textarea itself (its wrapper is the plain field). */
  textareaClassName?: string;
}

/** TextField's counterpart for longer text: the same label, hint and error around a textarea. */
export function TextAreaField({
  label,
  error,
  hint,
  required = false,
  textareaClassName,
  ...textarea
}: TextAreaFieldProps) {
  const id = useId();
  return (
    <LabelledField id={id} label={label} required={required} hint={hint} error={error}>
      <textarea
        {...textarea}
        id={id}
        className={textareaClassName === undefined ? 'field__input' : `field__input ${textareaClassName}`}
        aria-required={required || undefined}
        aria-invalid={error !== undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </LabelledField>
  );
}
