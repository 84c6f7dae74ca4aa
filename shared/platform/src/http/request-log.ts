import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, written when the answer is sent: the request (method, redacted URL, host,
 * client hash: the logger's `req` serializer), the status and the response time, under the request's id.
 * Fastify's default writes two (`incoming request` and `request completed`), so a busy shop spent half its
 * logging on lines that say nothing the second does not.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Fastify's `logController` option for every app of the shop. */
export function requestLogController(): LogController {
  return new OneLinePerRequest();
}
