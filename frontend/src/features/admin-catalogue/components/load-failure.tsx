interface LoadFailureProps {
  /** What could not be loaded, e.g. 'Products'. */
  what: string;
  error: Error;
  retry: () => void;
  retrying: boolean;
}

export function LoadFailure({ what, error, retry, retrying }: LoadFailureProps) {
  return (
    <div className="state-message state-message--error" role="alert">
      <p>
        {what} could not be loaded. {error.message}
      </p>
      <button type="button" className="button button--secondary" onClick={retry} disabled={retrying}>
        {retrying ? 'Trying again…' : 'Try again'}
      </button>
    </div>
  );
}
