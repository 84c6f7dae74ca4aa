import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'children'> {
  /** The label's words after the box. */
  children: ReactNode;
  /** The schema's (or the server's) message for the box, e.g. terms not accepted. */
  error: string | undefined;
  labelClassName: string;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox that can be refused (the terms to accept): its label, and its message tied to it for screen readers. */
export function CheckboxField({ children, error, labelClassName, ref, ...input }: CheckboxFieldProps) {
  const errorId = `${useId()}-error`;
  return (
    <>
      <label className={labelClassName}>
        <input
          {...input}
          ref={ref}
          type="checkbox"
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : errorId}
        />
        {children}
      </label>
      {error !== undefined && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </>
  );
}
