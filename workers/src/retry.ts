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

/** Rejects with a timeout error if `work` has not settled within `ms`; `work` itself keeps running. */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Lets through the first of a run of repeated messages, then at most one per `intervalMs`, and says how
 * many were held back, so an outage of minutes costs a handful of log lines instead of thousands.
 */
export function createLogThrottle(intervalMs: number, now: () => number = Date.now) {
  let lastLoggedAt = -Infinity;
  let suppressed = 0;
  return {
    /** Returns the number suppressed since the last allowed line, or null when this one should be dropped. */
    allow(): number | null {
      const time = now();
      if (time - lastLoggedAt < intervalMs) {
        suppressed += 1;
        return null;
      }
      const held = suppressed;
      lastLoggedAt = time;
      suppressed = 0;
      return held;
    },
    /** Starts a fresh run: the next message is logged at once. */
    reset(): void {
      lastLoggedAt = -Infinity;
      suppressed = 0;
    },
  };
}
