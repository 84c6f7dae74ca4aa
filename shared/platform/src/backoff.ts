export interface BackoffPolicy {
  initialDelayMs: number;
  maxDelayMs: number;
}

/** Exponential delay before retry number `attempt` (1-based), capped; jitter keeps restarting workers apart. */
export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const exponential = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (0.8 + 0.4 * random()));
}

/** Resolves after `ms`, or as soon as `signal` aborts (callers check `signal.aborted` afterwards). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(finish, ms);
    signal.addEventListener('abort', finish, { once: true });
    function finish() {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      resolve();
    }
  });
}
