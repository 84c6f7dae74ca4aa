import type { ReactNode } from 'react';

export function LoadingState({ children }: { children: ReactNode }) {
  return (
    <p className="state-message" role="status">
      {children}
    </p>
  );
}

interface ErrorStateProps {
  message: string;
  onRetry(): void;
  retrying: boolean;
}

export function ErrorState({ message, onRetry, retrying }: ErrorStateProps) {
  return (
    <div className="state-message state-message--error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button--secondary" onClick={onRetry} disabled={retrying}>
        Try again
      </button>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="state-message">{children}</div>;
}
