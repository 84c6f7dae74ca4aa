const TIMED_OUT = Symbol('timed out');

/**
 * Groups what an async source yields into batches: a batch is handed on once `maxBatchSize` items
 * are in it or no further item arrived within `lingerMs` of its first one. Items are pulled one at
 * a time, so a source with its own flow control (a gRPC stream) is never read ahead of the consumer
 * by more than one item.
 */
export async function* inBatches<T>(
  source: AsyncIterable<T>,
  maxBatchSize: number,
  lingerMs: number,
): AsyncGenerator<T[]> {
  const iterator = source[Symbol.asyncIterator]();
  // A pull that outlived the linger time is carried into the next batch rather than lost.
  let pending: Promise<IteratorResult<T>> | undefined;
  try {
    while (true) {
      const first = await (pending ?? iterator.next());
      pending = undefined;
      if (first.done) return;
      const batch = [first.value];
      const deadline = Date.now() + lingerMs;
      while (batch.length < maxBatchSize) {
        pending = iterator.next();
        const next = await withDeadline(pending, deadline);
        if (next === TIMED_OUT) break;
        pending = undefined;
        if (next.done) {
          yield batch;
          return;
        }
        batch.push(next.value);
      }
      yield batch;
    }
  } finally {
    // Returning an async generator queues behind its unfinished pull, which may never settle on an
    // idle live source; the owner ends that source (unsubscribe), and the return follows then.
    if (pending) {
      const left = pending;
      left
        .then(
          () => iterator.return?.(),
          () => undefined,
        )
        .catch(() => undefined);
    } else {
      await iterator.return?.();
    }
  }
}

function withDeadline<T>(promise: Promise<T>, deadline: number): Promise<T | typeof TIMED_OUT> {
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.race([promise, Promise.resolve(TIMED_OUT)]);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), remaining);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
