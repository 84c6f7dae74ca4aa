import { START, type EventStore, type RecordedEvent } from '@labshop/platform/event-store/port';
import { startConsumerLoop } from '@labshop/platform/event-store/consumer-loop';
import { backoffDelay, sleep, type BackoffPolicy } from '@labshop/platform/backoff';
import type { ReadStoreSession } from '@labshop/platform/read-store/port';
import type { Logger } from '../logger.ts';
import type { JobQueues } from '../queues.ts';
import { createLogThrottle, withTimeout } from '../retry.ts';
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
  // Aborted first, so a batch waiting for Redis gives up and the loops can stop.
  const stopping = new AbortController();
  const loops = options.reactors.map((reactor) => runReactor(reactor, options, timing, stopping.signal));
  return {
    async stop() {
      stopping.abort();
      await Promise.all(loops.map((loop) => loop.stop()));
    },
  };
}

function runReactor(reactor: Reactor, options: StartReactorOptions, timing: ReactorTiming, signal: AbortSignal) {
  const { eventStore, checkpoints, logger } = options;
  const checkpoint = checkpointName(reactor);
  const throttle = createLogThrottle(timing.logIntervalMs);

  return startConsumerLoop({
    retry: timing.retry,
    async open(healthy) {
      const after = (await checkpoints.getCheckpoint(checkpoint)) ?? START;
      return eventStore.subscribe({ after, types: reactor.eventTypes }, async (events: RecordedEvent[]) => {
        const last = events.at(-1);
        if (!last) return;
        const jobs = events.flatMap((event) => jobsForEvent(reactor, event));
        const accepted = await enqueueUntilAccepted(jobs, reactor, options, timing, signal);
        // Stopped while Redis was down: the batch is not enqueued, so the checkpoint must stay put.
        if (!accepted) throw new Error('stopped before the batch was enqueued');
        await checkpoints.setCheckpoint(checkpoint, last.position);
        healthy();
        throttle.reset();
      });
    },
    onFailure(error, failures) {
      const suppressed = throttle.allow();
      if (suppressed !== null) {
        logger.error(
          { reactor: reactor.name, error: errorMessage(error), failures, suppressed },
          'Reactor stopped; restarting from its checkpoint',
        );
      }
    },
  });
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
      if (attempt > 1)
        options.logger.info({ reactor: reactor.name, attempts: attempt, jobs: jobs.length }, 'Enqueue succeeded again');
      return true;
    } catch (error) {
      const suppressed = throttle.allow();
      if (suppressed !== null) {
        options.logger.warn(
          { reactor: reactor.name, error: errorMessage(error), attempt, jobs: jobs.length, suppressed },
          'Enqueue failed; retrying',
        );
      }
      await sleep(backoffDelay(attempt, timing.retry), signal);
    }
  }
  return false;
}

/** Adds the jobs with their ids as job ids: a job id BullMQ already holds is dropped. */
export async function enqueue(jobs: readonly IdentifiedJob[], queues: JobQueues): Promise<void> {
  const byQueue = new Map<string, IdentifiedJob[]>();
  for (const job of jobs) byQueue.set(job.queue, [...(byQueue.get(job.queue) ?? []), job]);
  await Promise.all(
    [...byQueue].map(([queue, queueJobs]) =>
      queues.get(queue).addBulk(
        queueJobs.map((job) => ({
          name: job.name,
          data: job.data,
          opts: { jobId: job.id, ...(job.runAt !== undefined && { delay: delayUntil(job.runAt) }) },
        })),
      ),
    ),
  );
}

/** How long from now until `runAt` (0 once it has passed): the delay is taken when the job is added, whenever the event is delivered. */
const delayUntil = (runAt: string) => Math.max(0, Date.parse(runAt) - Date.now());

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
