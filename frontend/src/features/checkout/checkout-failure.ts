import { ApiError } from '@/lib/api-client.ts';

/** A refusal of the session, not of the step (an admin's session is held, or the customer's is gone): checkout starts again. */
export const sessionRefused = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

/** What a failed checkout step says: the server's own words for a refusal it explained, `fallback` when it is down or unreachable. */
export const failureMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : fallback;
