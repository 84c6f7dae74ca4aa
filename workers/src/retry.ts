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
