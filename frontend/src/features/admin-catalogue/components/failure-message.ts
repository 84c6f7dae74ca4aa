import { ApiError } from '@/lib/api-client.ts';

/** The server's message for one field of a rejected command, if it named that field. */
export const fieldError = (error: unknown, field: string): string | undefined =>
  error instanceof ApiError ? error.fields[field] : undefined;

export const failureMessage = (action: string, error: unknown) =>
  `${action}: ${error instanceof Error ? error.message : 'unexpected error'}`;
