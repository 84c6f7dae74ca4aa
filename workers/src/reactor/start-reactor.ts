import { START, type EventStore, type RecordedEvent } from '@labshop/shared/event-store/port';
import type { ReadStoreSession } from '@labshop/shared/read-store/port';
import type { Logger } from '../logger.ts';
import type { JobQueues } from '../queues.ts';
import { backoffDelay, createLogThrottle, sleep, withTimeout, type BackoffPolicy } from '../retry.ts';
import { assertDistinctReactors, checkpointName, jobsForEvent, type IdentifiedJob, type Reactor } from './reactor.ts';

export type Checkpoints = Pick<ReadStoreSession, 'getCheckpoint' | 'setCheckpoint'>;

export interface ReactorTiming {
  /** Waits between enqueue attempts (Redis down) and subscription restarts (event or read store down). */
  retry: BackoffPolicy;
  /** An enqueue that has not answered by then counts as failed; BullMQ waits forever for a first connection. */
  enqueueTimeoutMs: number;
  /** During an outage, at most one log line per this interval. */
  logIntervalMs: number;
}

export const DEFAULT_REACTOR_TIMING: ReactorTiming = {
  retry: { initialDelayMs: 250, maxDelayMs: 10_000 },
  enqueueTimeoutMs: 5_000,
  logIntervalMs: 30_000,
};

export interface StartReactorOptions {
  eventStore: EventStore;
  checkpoints: Checkpoints;
  queues: JobQueues;
  reactors: readonly Reactor[];
  logger: Logger;
  timing?: Partial<ReactorTiming>;
}

export interface RunningReactors {
  /** Stops reading events and waits until no batch is in flight; enqueued jobs stay enqueued. */
  stop(): Promise<void>;
}

/**
 * Runs every reactor on its own subscription and checkpoint: a batch of events becomes BullMQ jobs, and
 * the checkpoint moves past the batch only once all its jobs are in Redis. A failure anywhere (Redis,
 * the event store, the read store) is retried from the last checkpoint, never skipped; what has been
 * enqueued again is dropped by BullMQ because the job ids are the event ids.
 */
export function startReactor(options: StartReactorOptions): RunningReactors {
  assertDistinctReactors(options.reactors);
  const timing = { ...DEFAULT_REACTOR_TIMING, ...options.timing };
  const stopping = new AbortController();
  const runs = options.reactors.map((reactor) => runReactor(reactor, options, timing, stopping.signal));
  return {
    async stop() {
      stopping.abort();
      await Promise.all(runs);
    },
  };
}

async function runReactor(reactor: Reactor, options: StartReactorOptions, timing: ReactorTiming, signal: AbortSignal): Promise<void> {
  const { eventStore, checkpoints, logger } = options;
  const checkpoint = checkpointName(reactor);
  const throttle = createLogThrottle(timing.logIntervalMs);
  let failures = 0;

  const handleBatch = async (events: RecordedEvent[]) => {
    const last = events.at(-1);
    if (!last) return;
    const jobs = events.flatMap((event) => jobsForEvent(reactor, event));
    const accepted = await enqueueUntilAccepted(jobs, reactor, options, timing, signal);
    // Stopped while Redis was down: the batch is not enqueued, so the checkpoint must stay put.
    if (!accepted) throw new Error('stopped before the batch was enqueued');
    await checkpoints.setCheckpoint(checkpoint, last.position);
    failures = 0;
    throttle.reset();
  };

  while (!signal.aborted) {
    try {
      const after = (await checkpoints.getCheckpoint(checkpoint)) ?? START;
      const subscription = eventStore.subscribe({ after, types: reactor.eventTypes }, handleBatch);
      const stop = () => void subscription.stop();
      signal.addEventListener('abort', stop, { once: true });
      try {
        await subscription.done;
      } finally {
        signal.removeEventListener('abort', stop);
      }
    } catch (error) {
      if (signal.aborted) break;
      failures += 1;
      const suppressed = throttle.allow();
      if (suppressed !== null) {
        logger.error({ reactor: reactor.name, error: errorMessage(error), failures, suppressed }, 'Reactor stopped; restarting from its checkpoint');
      }
      await sleep(backoffDelay(failures, timing.retry), signal);
    }
  }
}

/** Retries until Redis accepts every job (true) or the reactor is stopped (false); never gives a job up. */
async function enqueueUntilAccepted(
  jobs: readonly IdentifiedJob[],
  reactor: Reactor,
  options: StartReactorOptions,
  timing: ReactorTiming,
  signal: AbortSignal,
): Promise<boolean> {
  const throttle = createLogThrottle(timing.logIntervalMs);
  for (let attempt = 1; !signal.aborted; attempt += 1) {
    try {
      await withTimeout(enqueue(jobs, options.queues), timing.enqueueTimeoutMs, 'enqueue');
      if (attempt > 1) options.logger.info({ reactor: reactor.name, attempts: attempt, jobs: jobs.length }, 'Enqueue succeeded again');
      return true;
    } catch (error) {
      const suppressed = throttle.allow();
      if (suppressed !== null) {
        options.logger.warn({ reactor: reactor.name, error: errorMessage(error), attempt, jobs: jobs.length, suppressed }, 'Enqueue failed; retrying');
      }
      await sleep(backoffDelay(attempt, timing.retry), signal);
    }
  }
  return false;
}

async function enqueue(jobs: readonly IdentifiedJob[], queues: JobQueues): Promise<void> {
  const byQueue = new Map<string, IdentifiedJob[]>();
  for (const job of jobs) byQueue.set(job.queue, [...(byQueue.get(job.queue) ?? []), job]);
  await Promise.all(
    [...byQueue].map(([queue, queueJobs]) =>
      queues.get(queue).addBulk(queueJobs.map((job) => ({ name: job.name, data: job.data, opts: { jobId: job.id } }))),
    ),
  );
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
