import { vi } from 'vitest';

/** One request the page sent, as the server would receive it. */
export interface SentRequest {
  method: string;
  /** The path without its query string: '/api/account/orders'. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body, parsed; a multipart body as its parts by name (files as File); undefined for a request without one. */
  body: unknown;
}

/** The server's answer: a JSON body with a status (200 unless said) and headers. */
export interface Answer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A route answers every request to it the same way, or by what was sent. */
export type Route = Answer | ((request: SentRequest) => Answer | Promise<Answer>);

/** The answer the API gives a refused request ({ error, message, fields, details }). */
export const refusal = (
  status: number,
  error: string,
  message: string,
  extra: { fields?: Record<string, string>; details?: unknown } = {},
): Answer => ({
  status,
  body: { error, message, ...extra },
});

/**
 * Serves the page's fetches as real HTTP responses from a table of routes keyed 'METHOD /path' (the query string
 * is the route's to read), the way the API answers them; a route the table lacks answers 404. Returns the list of
 * requests sent, in order. Call `vi.unstubAllGlobals()` after the test.
 */
export function serveHttp(routes: Record<string, Route>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://shop.test');
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: SentRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body:
        text !== undefined
          ? (JSON.parse(text) as unknown)
          : init.body instanceof FormData
            ? Object.fromEntries(init.body)
            : undefined,
    };
    sent.push(request);
    const route = routes[`${request.method} ${request.path}`];
    const answer =
      route === undefined
        ? refusal(404, 'NotFound', `No route for ${request.method} ${request.path}`)
        : typeof route === 'function'
          ? await route(request)
          : route;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  return sent;
}

/** The requests sent to one route. */
export const sentTo = (sent: readonly SentRequest[], method: string, path: string) =>
  sent.filter((request) => request.method === method && request.path === path);
