import { ApiError } from '@/lib/api-client.ts';

/**
 * What a refused send says above the form: the server's own words for a rate limit (they say how long
 * to wait), the form's failure message otherwise (a 400's field messages go beside their fields).
 */
export const submissionFailure = (error: unknown, failedMessage: string): string =>
  error instanceof ApiError && error.status === 429 ? error.message : failedMessage;
