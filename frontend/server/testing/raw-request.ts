import { request as httpRequest } from 'node:http';

export interface RawRequestOptions {
  method?: string;
  headers?: Record<string, string | number>;
  body?: Buffer;
  /** Send the body only once the server says 100 Continue (with an `expect: 100-continue` header). */
  waitForContinue?: boolean;
  localAddress?: string;
}

/** A request as curl would send it (announced or chunked bodies, Expect: 100-continue), which fetch cannot. */
export function rawRequest(url: string, options: RawRequestOptions) {
  return new Promise<{ status: number; body: string; continued: boolean }>((resolve, reject) => {
    let continued = false;
    let answered = false;
    const request = httpRequest(
      url,
      { method: options.method ?? 'POST', headers: options.headers, localAddress: options.localAddress },
      (response) => {
        answered = true;
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body, continued }));
      },
    );
    // The server may answer and close before reading the whole body: the answer is what counts.
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (options.waitForContinue) {
      request.on('continue', () => {
        continued = true;
        request.end(options.body);
      });
    } else {
      request.end(options.body);
    }
  });
}
