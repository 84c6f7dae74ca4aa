import type { SubmissionOutcome } from '../use-submission-form.ts';

interface SubmissionActionsProps {
  outcome: SubmissionOutcome | null;
  pending: boolean;
  /** The send button's words, e.g. 'Send message'. */
  label: string;
  /** Extra class on the send button. */
  buttonClassName?: string;
}

/** The end of a submission form: what the last send came to (announced), then the send button. */
export function SubmissionActions({ outcome, pending, label, buttonClassName }: SubmissionActionsProps) {
  return (
    <>
      {outcome !== null && (
        <p className={`banner banner--${outcome.kind}`} role={outcome.kind === 'error' ? 'alert' : 'status'}>
          {outcome.message}
        </p>
      )}
      <button
        type="submit"
        className={
          buttonClassName === undefined ? 'button button--primary' : `button button--primary ${buttonClassName}`
        }
        disabled={pending}
        aria-busy={pending}
      >
        {pending ? 'Sending…' : label}
      </button>
    </>
  );
}
