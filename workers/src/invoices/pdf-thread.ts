import { Worker } from 'node:worker_threads';
import type { Logger } from '../logger.ts';
import type { PdfRequest } from './pdf-documents.ts';

export interface RenderAsked {
  id: number;
  request: PdfRequest;
}
export type RenderAnswer = { id: number; bytes: Uint8Array } | { id: number; error: string };

export interface PdfRenderer {
  render(request: PdfRequest): Promise<Buffer>;
  /** Ends the thread; a render still running is refused. */
  close(): Promise<void>;
}

/**
 * Renders PDFs on a thread of its own (`pdf-thread-boot.mjs`, then `pdf-thread-entry.ts`), so the event loop that
 * answers the shop's requests never waits for pdfkit's layout: under `bench:orders` pdfkit took an eighth of the
 * process's CPU during checkout, while the machine's other core was half idle. Started at the first render; a
 * thread that dies refuses its renders (their jobs retry) and the next render starts a new one.
 */
export function createPdfThread(logger: Logger): PdfRenderer {
  let thread: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve(bytes: Buffer): void; reject(error: Error): void }>();

  const refuseAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  function started(): Worker {
    if (thread) return thread;
    const worker = new Worker(new URL('./pdf-thread-boot.mjs', import.meta.url));
    worker.on('message', (answer: RenderAnswer) => {
      const waiting = pending.get(answer.id);
      pending.delete(answer.id);
      if ('bytes' in answer)
        waiting?.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
      else waiting?.reject(new Error(answer.error));
    });
    worker.on('error', (error) => {
      logger.error({ err: error }, 'The PDF thread failed; its renders are retried on a new one');
      refuseAll(error);
    });
    worker.on('exit', () => {
      if (thread === worker) thread = null;
      refuseAll(new Error('The PDF thread ended'));
    });
    // Idle, it does not keep the process alive.
    worker.unref();
    thread = worker;
    return worker;
  }

  return {
    render(request) {
      const id = nextId++;
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        started().postMessage({ id, request } satisfies RenderAsked);
      });
    },
    async close() {
      const worker = thread;
      thread = null;
      if (worker) await worker.terminate();
    },
  };
}
