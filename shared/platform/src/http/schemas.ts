import { z } from 'zod';

/** Response schemas every command route shares. */
export const errorResponse = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});

/** Declares the error answers a route can give, so the OpenAPI document lists them. */
export function errors(...statuses: (400 | 401 | 403 | 404 | 409 | 422 | 429 | 507)[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse])) as Record<
    (typeof statuses)[number],
    typeof errorResponse
  >;
}
