import { Redis } from 'ioredis';

/** When BullMQ created a job, last started it and finished it (ms since the epoch; null while it has not). */
export interface JobTimes {
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}

/**
 * The times BullMQ keeps on each job's hash (`<prefix>:<queue>:<job id>`), for benchmarks that split a job's
 * latency into waiting and running; a job that is not (or no longer) kept is absent from the answer.
 */
export async function readJobTimes(
  redisUrl: string,
  prefix: string,
  jobs: readonly { queue: string; id: string }[],
): Promise<Map<string, JobTimes>> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  try {
    const pipeline = redis.pipeline();
    for (const { queue, id } of jobs)
      pipeline.hmget(`${prefix}:${queue}:${id}`, 'timestamp', 'processedOn', 'finishedOn');
    const replies = (await pipeline.exec()) ?? [];
    const times = new Map<string, JobTimes>();
    jobs.forEach(({ id }, index) => {
      const [created, started, finished] = (replies[index]?.[1] ?? []) as (string | null)[];
      if (!created) return;
      times.set(id, {
        createdAt: Number(created),
        startedAt: started ? Number(started) : null,
        finishedAt: finished ? Number(finished) : null,
      });
    });
    return times;
  } finally {
    redis.disconnect();
  }
}
