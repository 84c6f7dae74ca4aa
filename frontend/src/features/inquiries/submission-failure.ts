import { ApiError } from '@/lib/api-client.ts';

/**
 * What a refused send shows: the server's own words for a rate limit (they say how long to wait),
 * the form's failure message otherwise; and the field messages of a 400 beside their fields.
 */
export function submissionFailure(
  error: unknown,
  failedMessage: string,
): { message: string; fields: Record<string, string> } {
  if (error instanceof ApiError && error.status === 429) return { message: error.message, fields: {} };
  if (error instanceof ApiError && error.status === 400) return { message: failedMessage, fields: { ...error.fields } };
  return { message: failedMessage, fields: {} };
}
