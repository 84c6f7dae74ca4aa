import { Queue, type DefaultJobOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from './logger.ts';
import { createLogThrottle } from './retry.ts';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * How long a finished job is kept. While a job is kept, BullMQ refuses another job with its id, so this
 * is the window in which a redelivered event cannot cause its work twice: a reactor must never be
 * rewound further back than this. Failed jobs stay longer so someone can look at them and retry them.
 */
export const COMPLETED_JOB_RETENTION_SECONDS = 7 * DAY_SECONDS;
export const FAILED_JOB_RETENTION_SECONDS = 30 * DAY_SECONDS;

export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  removeOnComplete: { age: COMPLETED_JOB_RETENTION_SECONDS },
  removeOnFail: { age: FAILED_JOB_RETENTION_SECONDS },
  // 10 attempts, 5 s doubling: about 40 minutes of retries, far longer than a mail claim (see run-once.ts).
  attempts: 10,
  backoff: { type: 'exponential', delay: 5_000 },
};

/** The BullMQ queues the reactors write to, opened on first use over one shared connection. */
export interface JobQueues {
  get(name: string): Queue;
  close(): Promise<void>;
}

export function createJobQueues(options: { connection: Redis; prefix: string; logger: Logger }): JobQueues {
  const queues = new Map<string, Queue>();
  const errorThrottle = createLogThrottle(30_000);
  return {
    get(name) {
      let queue = queues.get(name);
      if (!queue) {
        queue = new Queue(name, {
          connection: options.connection,
          prefix: options.prefix,
          defaultJobOptions: DEFAULT_JOB_OPTIONS,
        });
        // Connection errors are already logged by the connection itself; an 'error' without a
        // listener would crash the process.
        queue.on('error', (error: Error) => {
          const suppressed = errorThrottle.allow();
          if (suppressed !== null)
            options.logger.warn({ queue: name, error: error.message, suppressed }, 'Queue error');
        });
        queues.set(name, queue);
      }
      return queue;
    },
    async close() {
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      queues.clear();
    },
  };
}
