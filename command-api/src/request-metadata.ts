import type { FastifyRequest } from 'fastify';
import { storableLine } from '@labshop/contracts/fields';
import type { Actor, EventMetadata } from '@labshop/platform/event-store/port';

const USER_AGENT_LENGTH = 300;

/**
 * Event metadata for a command (a retained document's download is one): who, when, from where (the client address as the app's trustProxy
 * setting sees it, and the User-Agent), and the request it came from (its id correlates the events).
 */
export function commandMetadata(request: FastifyRequest, actor: Actor, now: Date): EventMetadata {
  const userAgent =
    request.headers['user-agent'] && storableLine(request.headers['user-agent']).slice(0, USER_AGENT_LENGTH);
  return {
    actor,
    correlationId: request.id,
    causationId: request.id,
    occurredAt: now.toISOString(),
    ip: request.ip,
    ...(userAgent && { userAgent }),
  };
}
