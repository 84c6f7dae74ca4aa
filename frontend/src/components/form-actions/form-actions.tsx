interface FormActionsProps {
  /** The row's class, for its place in the form. */
  className: string;
  /** While saving, the submit button says Saving… and both are disabled. */
  pending: boolean;
  submitLabel: string;
  /** The button beside it that leaves or empties the form (Cancel, Clear). */
  secondary: { label: string; onClick(): void };
}

/** The foot of a form (an edit form, a list's filters): its submit button, then Cancel or Clear, both held while it saves. */
export function FormActions({ className, pending, submitLabel, secondary }: FormActionsProps) {
  return (
    <div className={className}>
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? 'Saving…' : submitLabel}
      </button>
      <button type="button" className="button button--secondary" onClick={secondary.onClick} disabled={pending}>
        {secondary.label}
      </button>
    </div>
  );
}
