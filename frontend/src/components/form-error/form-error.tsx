import type { ReactNode } from 'react';

interface FormErrorProps {
  /** What the refused submit says; null: nothing to say, nothing shown. */
  message: string | null;
  /** For the form's aria-describedby. */
  id?: string;
  /** What follows the message (a way back). */
  children?: ReactNode;
}

/** What a refused submit says above its form, announced as it appears. */
export function FormError({ message, id, children }: FormErrorProps) {
  if (message === null) return null;
  return (
    <p id={id} className="banner banner--error" role="alert">
      {message}
      {children}
    </p>
  );
}
