import { backoffDelay, sleep, type BackoffPolicy } from '../backoff.ts';
import type { Subscription } from './port.ts';

export interface ConsumerLoopOptions {
  /**
   * Reads the consumer's checkpoint and subscribes from it; called again after every failure, so a
   * failed batch is retried from the checkpoint, never skipped. The consumer calls `healthy` after each
   * batch it handled: the next failure then waits the shortest delay again.
   */
  open(healthy: () => void): Promise<Subscription>;
  retry: BackoffPolicy;
  /** Told of each failure before the wait (the consumer decides how loudly to log). */
  onFailure(error: unknown, failures: number, retryInMs: number): void;
}

export interface ConsumerLoop {
  /** Stops the subscription and waits until no batch is in flight and no restart is pending. */
  stop(): Promise<void>;
}

/**
 * The one subscribe / restart / backoff loop of every event consumer (projections and reactors): a
 * subscription that ends with an error is opened again from the consumer's checkpoint after an
 * exponentially growing, jittered delay, until the loop is stopped.
 */
export function startConsumerLoop(options: ConsumerLoopOptions): ConsumerLoop {
  const stopping = new AbortController();
  let current: Subscription | null = null;
  let failures = 0;
  const healthy = () => {
    failures = 0;
  };

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      try {
        current = await options.open(healthy);
        if (stopping.signal.aborted) await current.stop();
        await current.done;
      } catch (error) {
        if (stopping.signal.aborted) break;
        failures += 1;
        const delay = backoffDelay(failures, options.retry);
        options.onFailure(error, failures, delay);
        await sleep(delay, stopping.signal);
      } finally {
        current = null;
      }
    }
  })();

  return {
    async stop() {
      stopping.abort();
      await current?.stop();
      await loop;
    },
  };
}
