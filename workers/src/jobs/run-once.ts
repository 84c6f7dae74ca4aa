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
  /** Longer than the effect can take (see the SMTP timeouts in mail-sender.ts). */
  claimTtlMs?: number;
}

const DEFAULT_CLAIM_TTL_MS = 5 * 60_000;

// Deletes the claim only if it is still this attempt's, so a late failure cannot free another's claim.
const RELEASE_CLAIM = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

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
 * with backoff. Step 3 is retried while Redis is away, as long as the claim holds. The window that
 * remains at-least-once: a crash (or an outage longer than the claim) after the effect succeeded and
 * before step 3 was written. The claim then expires and a retry runs the effect a
 * second time; no ledger can close that window, because the effect and the mark cannot be written
 * atomically together.
 */
export function createRunOnce({ redis, keyPrefix, claimTtlMs = DEFAULT_CLAIM_TTL_MS }: RunOnceOptions): RunOnce {
  return async (jobId, effect) => {
    const key = `${keyPrefix}:${jobId}`;
    const claim = `claimed:${randomUUID()}`;
    const claimed = await redis.set(key, claim, 'PX', claimTtlMs, 'NX');
    if (claimed === null) {
      if ((await redis.get(key)) === 'done') return 'already-done';
      throw new Error(`job ${jobId} is claimed by another attempt; retrying after the claim expires`);
    }
    try {
      await effect();
    } catch (error) {
      await redis.eval(RELEASE_CLAIM, 1, key, claim);
      throw error;
    }
    await markDone(redis, key, Date.now() + claimTtlMs);
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
