import { START, type EventStore } from '@labshop/platform/event-store/port';
import { subscriptionRuntime, type Agent } from '@labshop/platform/event-store/subscription-runtime';
import type { BackoffPolicy } from '@labshop/platform/backoff';
import type { ReadStoreSession } from '@labshop/platform/read-store/port';
import type { Logger } from '../logger.ts';
import type { JobQueues } from '../queues.ts';
import { createLogThrottle, withTimeout } from '../retry.ts';
import { assertDistinctReactors, checkpointName, jobsForEvent, type IdentifiedJob, type Reactor } from './reactor.ts';

export type Checkpoints = Pick<ReadStoreSession, 'getCheckpoint' | 'setCheckpoint'>;

export interface ReactorTiming {
  /** Waits between retries of a reactor from its checkpoint (Redis, the event store or the read store down). */
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
 * Runs every reactor as an agent of the store's subscription runtime, on its own checkpoint: a batch of its events
 * becomes BullMQ jobs, and the checkpoint moves past the batch only once all its jobs are in Redis. A failure (Redis,
 * the event store, the read store, the reactor's own code) leaves that reactor behind, retried from its checkpoint
 * with backoff while the others go on, never skipping an event; what is enqueued again is dropped by BullMQ because
 * the job ids are the event ids.
 */
export function startReactor(options: StartReactorOptions): RunningReactors {
  assertDistinctReactors(options.reactors);
  const timing = { ...DEFAULT_REACTOR_TIMING, ...options.timing };
  const running = subscriptionRuntime(options.eventStore).start(
    options.reactors.map((reactor) => reactorAgent(reactor, options, timing)),
  );
  return { stop: () => running.stop() };
}

function reactorAgent(reactor: Reactor, options: StartReactorOptions, timing: ReactorTiming): Agent {
  const { checkpoints, logger } = options;
  const checkpoint = checkpointName(reactor);
  const throttle = createLogThrottle(timing.logIntervalMs);
  let failures = 0;
  return {
    name: `reactor ${reactor.name}`,
    types: reactor.eventTypes,
    retry: timing.retry,
    resume: async () => (await checkpoints.getCheckpoint(checkpoint)) ?? START,
    async handle({ events }) {
      const jobs = events.flatMap((event) => jobsForEvent(reactor, event));
      await withTimeout(enqueue(jobs, options.queues), timing.enqueueTimeoutMs, 'enqueue');
      await checkpoints.setCheckpoint(checkpoint, events.at(-1)!.position);
      if (failures === 0) return;
      logger.info({ reactor: reactor.name, failures, jobs: jobs.length }, 'Reactor resumed');
      failures = 0;
      throttle.reset();
    },
    onFailure(error, count, retryInMs) {
      failures = count;
      const suppressed = throttle.allow();
      if (suppressed !== null)
        logger.error(
          { reactor: reactor.name, error: errorMessage(error), failures: count, retryInMs, suppressed },
          'Reactor failed; retrying from its checkpoint',
        );
    },
  };
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
