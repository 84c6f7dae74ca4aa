/**
 * Outages are weather: while a database is away, requests answer 503 with Retry-After, the session
 * check answers 503 instead of 401, and the subscription runtime's agents wait. This is the one test of "away".
 */

// SQLSTATE classes and codes that mean "the database is not there right now", not "this request is wrong".
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown: the server is stopping (pg_ctl stop, pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
// The MongoDB driver's names for the same (the read store's production adapter).
const UNAVAILABLE_NAMES = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
]);
// What node-postgres says when the connection went away under a query or could not be made in time.
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

/**
 * True when `error` says the database could not be reached or dropped the connection (an outage: the
 * request may be retried), false for everything a retry would not change. Looks through `cause` and
 * aggregated errors, since a refused connection to a host with several addresses is an AggregateError.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { name, code, message, cause, errors } = error as {
    name?: unknown;
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (typeof name === 'string' && UNAVAILABLE_NAMES.has(name)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.startsWith(text))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
