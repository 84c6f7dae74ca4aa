import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { COMPLETED_JOB_RETENTION_SECONDS } from '../queues.ts';

export type RunOnceOutcome = 'ran' | 'already-done';

export interface RunOnce {
  /** Runs `effect` unless it already ran for this job id; throws while another attempt holds the claim. */
  (jobId: string, effect: () => Promise<void>): Promise<RunOnceOutcome>;
}

export interface RunOnceOptions {
  redis: Redis;
  /** Namespaces the keys, e.g. `<bullmq prefix>:once:send-customer-email`. */
  keyPrefix: string;
  /**
   * How long a claim outlives its holder: renewed every `claimTtlMs / 8` while the effect runs, so a crashed
   * holder's mail waits at most this long, and a Redis outage shorter than it cannot let a second attempt in.
   */
  claimTtlMs?: number;
}

/** 40 s: a crash delays a mail well under a minute (with the worker's lock timings, queue-worker.ts); outages up to ~35 s are covered. */
export const DEFAULT_CLAIM_TTL_MS = 40_000;

// Deletes the claim only if it is still this attempt's, so a late failure cannot free another's claim.
const RELEASE_CLAIM = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;
// Extends the claim only while it is still this attempt's.
const RENEW_CLAIM = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;

/**
 * BullMQ delivers a job at least once: a worker that dies after the effect but before BullMQ records
 * the job as completed gets the job again, and a job whose lock lapsed can run on two workers at once.
 * For effects like sending mail, a ledger in Redis turns that into "once":
 *
 *   1. claim the job id (SET NX with a TTL): only one attempt at a time gets past this line;
 *   2. run the effect;
 *   3. mark the job id done, kept as long as BullMQ keeps the job itself.
 *
 * An attempt that finds the mark skips the effect, so a retry after a crash between the effect and the
 * acknowledgement sends nothing. An attempt that finds a live claim fails and is retried by BullMQ
 * with backoff. The claim is short and renewed while the effect runs, so a crashed holder's claim lapses
 * within `claimTtlMs` (issue 23: a 5-minute claim held mails of a killed process back 5–6.5 minutes). Step 3 is retried while Redis is away, as long as the claim holds. The window that
 * remains at-least-once: a crash (or an outage longer than the claim) after the effect succeeded and
 * before step 3 was written. The claim then expires and a retry runs the effect a
 * second time; no ledger can close that window, because the effect and the mark cannot be written
 * atomically together.
 */
export function createRunOnce({ redis, keyPrefix, claimTtlMs = DEFAULT_CLAIM_TTL_MS }: RunOnceOptions): RunOnce {
  return async (jobId, effect) => {
    const key = `${keyPrefix}:${jobId}`;
    const claim = `claimed:${randomUUID()}`;
    const takeClaim = () => redis.set(key, claim, 'PX', claimTtlMs, 'NX');
    // Another attempt's claim is waited out for one claim's time: a dead holder's lapses and this attempt runs
    // the effect; a live holder finishes (done) or keeps renewing it (then BullMQ retries this job later).
    const giveUpAt = Date.now() + claimTtlMs + 250;
    while ((await takeClaim()) === null) {
      if ((await redis.get(key)) === 'done') return 'already-done';
      if (Date.now() >= giveUpAt)
        throw new Error(`job ${jobId} is claimed by another attempt; retrying after the claim expires`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(250, claimTtlMs / 4)));
    }
    // The claim lives as long as this attempt does: renewed while the effect runs, it lapses soon after a crash.
    let claimExpiresAt = Date.now() + claimTtlMs;
    const renewal = setInterval(() => {
      const renewedAt = Date.now();
      redis.eval(RENEW_CLAIM, 1, key, claim, String(claimTtlMs)).then(
        (renewed) => {
          if (renewed === 1) claimExpiresAt = renewedAt + claimTtlMs;
        },
        // Redis away: the claim keeps its last expiry; the next tick tries again.
        () => undefined,
      );
    }, claimTtlMs / 8);
    try {
      await effect();
    } catch (error) {
      clearInterval(renewal);
      await redis.eval(RELEASE_CLAIM, 1, key, claim);
      throw error;
    }
    clearInterval(renewal);
    await markDone(redis, key, claimExpiresAt);
    return 'ran';
  };
}

/**
 * Writes the done mark, retrying while Redis is unreachable until the claim would expire: giving up at
 * once would let a retry run the effect again as soon as the claim lapsed, so an outage right after the
 * effect would repeat it. Only an outage longer than the claim leaves that window open.
 */
async function markDone(redis: Redis, key: string, claimExpiresAt: number): Promise<void> {
  for (let delayMs = 100; ; delayMs = Math.min(delayMs * 2, 2_000)) {
    try {
      await redis.set(key, 'done', 'EX', COMPLETED_JOB_RETENTION_SECONDS);
      return;
    } catch (error) {
      if (Date.now() + delayMs >= claimExpiresAt) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
