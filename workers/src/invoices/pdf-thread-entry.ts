/** The PDF thread (`pdf-thread.ts` starts it): renders each document it is sent and answers its bytes or its error. */
import { parentPort } from 'node:worker_threads';
import { renderDocumentPdf } from './pdf-documents.ts';
import type { RenderAnswer, RenderAsked } from './pdf-thread.ts';

const port = parentPort!;
port.on('message', ({ id, request }: RenderAsked) => {
  // A render that throws before its promise (an order without a quote) is answered like one that rejects.
  Promise.resolve(request)
    .then(renderDocumentPdf)
    .then(
      (bytes) => port.postMessage({ id, bytes } satisfies RenderAnswer),
      (error: unknown) =>
        port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies RenderAnswer),
    );
});
