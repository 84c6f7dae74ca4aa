import type { FastifyRequest } from 'fastify';
import type { Actor, EventMetadata } from '@labshop/shared/event-store/port';

/** Event metadata for a command: who, when, and the request it came from (its id correlates the events). */
export function commandMetadata(request: FastifyRequest, actor: Actor, now: Date): EventMetadata {
  return { actor, correlationId: request.id, causationId: request.id, occurredAt: now.toISOString() };
}
