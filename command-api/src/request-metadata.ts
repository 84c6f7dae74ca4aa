import type { FastifyRequest } from 'fastify';
import type { Actor, EventMetadata } from '@labshop/shared/event-store/port';

const USER_AGENT_LENGTH = 300;

/**
 * Event metadata for a command: who, when, from where (the client address as the app's trustProxy
 * setting sees it, and the User-Agent), and the request it came from (its id correlates the events).
 */
export function commandMetadata(request: FastifyRequest, actor: Actor, now: Date): EventMetadata {
  const userAgent = request.headers['user-agent']?.slice(0, USER_AGENT_LENGTH);
  return {
    actor,
    correlationId: request.id,
    causationId: request.id,
    occurredAt: now.toISOString(),
    ip: request.ip,
    ...(userAgent && { userAgent }),
  };
}
