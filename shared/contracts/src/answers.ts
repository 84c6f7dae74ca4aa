import { z } from 'zod';

/**
 * What command routes answer, shared by every context: the route declares the schema (Fastify response schema)
 * and the browser takes the inferred type, so the answer is written once.
 */

/** The position of the events a command appended: the browser sends it on its next reads to see its own write. */
export const positionResponse = z.object({
  position: z.string().describe('Send as x-labshop-position on reads to see this write'),
});
export type PositionAnswer = z.infer<typeof positionResponse>;

/** A sentence for the visitor (mail sent, password reset), for commands that leave nothing to read back. */
export const messageResponse = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageResponse>;
