import { useEffect, useRef, useState } from 'react';
import { useActivateAccount } from '../api/activate-account.ts';
import { authMessages, serverMessageOr } from '../messages.ts';

/** The spec's pause before the signin page, so the shopper can read the banner. */
export const ACTIVATION_REDIRECT_MS = 2_000;

interface ActivationStatusProps {
  token: string | null;
  email: string | null;
  onActivated: () => void;
}

/** Activates once with the link's token and email and says how it went; without both, nothing happens. */
export function ActivationStatus({ token, email, onActivated }: ActivationStatusProps) {
  const activate = useActivateAccount();
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; message: string } | null>(null);
  // A link is used once: React's development double effect must not send it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || !email || sent.current) return;
    sent.current = true;
    activate.mutate(
      { token, email },
      {
        onSuccess: () => setOutcome({ kind: 'success', message: authMessages.activated }),
        onError: (error) =>
          setOutcome({
            kind: 'error',
            message: authMessages.activationFailed(serverMessageOr(error, authMessages.unknownError)),
          }),
      },
    );
  }, [activate, token, email]);

  useEffect(() => {
    if (outcome?.kind !== 'success') return;
    const timer = window.setTimeout(onActivated, ACTIVATION_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, onActivated]);

  if (!token || !email)
    return <p className="page__lead">Open the activation link from your email to activate your account.</p>;
  if (outcome === null) return <p role="status">Activating your account…</p>;
  return (
    <p className={`banner banner--${outcome.kind}`} role={outcome.kind === 'error' ? 'alert' : 'status'}>
      {outcome.message}
    </p>
  );
}
