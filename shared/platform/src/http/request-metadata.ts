import type { FastifyRequest } from 'fastify';
import type { Actor, EventMetadata } from '../event-store/port.ts';

const USER_AGENT_LENGTH = 300;

/**
 * Event metadata for a command (or a read that is recorded): who, when, from where (the client address as the app's trustProxy
 * setting sees it, and the User-Agent), and the request it came from (its id correlates the events).
 */
export function commandMetadata(request: FastifyRequest, actor: Actor, now: Date): EventMetadata {
  // eslint-disable-next-line no-control-regex -- control characters are what is dropped
  const userAgent = request.headers['user-agent']?.replace(/[\u0000-\u001F\u007F]/g, '').slice(0, USER_AGENT_LENGTH);
  return {
    actor,
    correlationId: request.id,
    causationId: request.id,
    occurredAt: now.toISOString(),
    ip: request.ip,
    ...(userAgent && { userAgent }),
  };
}
