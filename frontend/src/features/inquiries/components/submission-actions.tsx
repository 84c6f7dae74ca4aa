interface SubmissionActionsProps {
  /** What the last send came to: the sent message (a status), or why it failed (an alert). */
  sent: string | null;
  failure: string | null;
  pending: boolean;
  /** The send button's words, e.g. 'Send message'. */
  label: string;
  /** Extra class on the send button. */
  buttonClassName?: string;
}

/** The end of a submission form: what the last send came to (announced), then the send button. */
export function SubmissionActions({ sent, failure, pending, label, buttonClassName }: SubmissionActionsProps) {
  return (
    <>
      {failure !== null ? (
        <p className="banner banner--error" role="alert">
          {failure}
        </p>
      ) : (
        sent !== null && (
          <p className="banner banner--success" role="status">
            {sent}
          </p>
        )
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
