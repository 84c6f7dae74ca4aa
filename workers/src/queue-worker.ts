import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from './logger.ts';
import { createLogThrottle } from './retry.ts';

export type JobProcessor = (job: Job<unknown>) => Promise<unknown>;

export interface QueueWork {
  concurrency: number;
  /** By job name. */
  processors: Record<string, JobProcessor>;
}

export interface QueueWorker {
  /** Takes no new job, lets running ones finish for up to `graceMs`, then closes; says whether they finished. */
  stop(graceMs: number): Promise<{ jobsFinished: boolean }>;
}

/** How long a job's lock outlives its worker (renewed every half of it while the job runs). */
export const JOB_LOCK_MS = 20_000;
/** How often a worker looks for jobs whose lock lapsed (their worker died) and hands them out again. */
export const STALLED_CHECK_MS = 10_000;

/** A BullMQ worker that hands each job of `queue` to the processor named like the job. */
export function startQueueWorker(
  queue: string,
  work: QueueWork,
  { connection, prefix, logger }: { connection: Redis; prefix: string; logger: Logger },
): QueueWorker {
  const running = new Set<Promise<unknown>>();
  const worker = new Worker(
    queue,
    (job: Job<unknown>) => {
      const process = work.processors[job.name];
      if (!process) return Promise.reject(new UnrecoverableError(`No processor for job ${job.name} in queue ${queue}`));
      const processing = process(job);
      running.add(processing);
      return processing.finally(() => running.delete(processing));
    },
    // BullMQ waits 15 s by default before polling again after a Redis error; 2 s resumes work sooner. A job held by
    // a crashed process is found stalled within JOB_LOCK_MS + STALLED_CHECK_MS (BullMQ's defaults: 30 s + 30 s).
    {
      connection,
      prefix,
      concurrency: work.concurrency,
      runRetryDelay: 2_000,
      lockDuration: JOB_LOCK_MS,
      stalledInterval: STALLED_CHECK_MS,
    },
  );

  const errorThrottle = createLogThrottle(30_000);
  worker.on('error', (error) => {
    const suppressed = errorThrottle.allow();
    if (suppressed !== null) logger.warn({ queue, error: error.message, suppressed }, 'Worker error');
  });
  worker.on('failed', (job, error) => {
    const attemptsLeft = job ? (job.opts.attempts ?? 1) - job.attemptsMade : 0;
    const details = { queue, job: job?.name, jobId: job?.id, attemptsMade: job?.attemptsMade, error: error.message };
    if (attemptsLeft > 0 && error.name !== 'UnrecoverableError')
      logger.warn(details, 'Job failed; BullMQ will retry it');
    else logger.error(details, 'Job failed for good');
  });
  worker.on('completed', (job, result) =>
    logger.debug({ queue, job: job.name, jobId: job.id, result }, 'Job completed'),
  );

  return {
    async stop(graceMs) {
      // BullMQ's own graceful close waits for its blocking read to end, which never happens while
      // Redis is unreachable; so the wait for running jobs is done here, bounded, and the close forced.
      await worker.pause(true);
      const jobsFinished = await settlesWithin(Promise.allSettled([...running]), graceMs);
      await worker.close(true);
      return { jobsFinished };
    },
  };
}

async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work.then(() => true), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
