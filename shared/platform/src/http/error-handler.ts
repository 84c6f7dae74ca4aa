import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { WrongExpectedRevision } from '../event-store/port.ts';
import { DomainError, type DomainErrorKind } from '@labshop/contracts/domain-error';
import { isDatabaseUnavailable } from '../database-unavailable.ts';
import { ApiError, kindOfStatus, type ErrorBody, type ErrorKind } from './api-error.ts';

/** How long a client waits before asking again while the database is away (a restart takes seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const databaseUnavailableBody: ErrorBody = {
  error: 'ServiceUnavailable',
  message: 'The shop is briefly unavailable. Please try again in a few seconds; nothing you sent was lost.',
};

const kindOfDomainError: Record<DomainErrorKind, ErrorKind> = {
  invalid: 'BadRequest',
  not_found: 'NotFound',
  conflict: 'Conflict',
};

export function errorHandler(error: FastifyError | DomainError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) {
    const refusal = new ApiError(kindOfDomainError[error.kind], error.message, error.fields);
    const body: ErrorBody = {
      error: refusal.kind,
      message: refusal.message,
      ...(error.fields && { fields: error.fields }),
      ...(error.details && { details: error.details }),
    };
    return reply.code(refusal.status).send(body);
  }
  if (isDatabaseUnavailable(error)) {
    // An outage is weather: the client keeps its session and asks again after the pause.
    request.log.warn({ error: error.message }, 'database unavailable: answering 503');
    return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(databaseUnavailableBody);
  }
  const body = toErrorBody(error);
  const status = error instanceof ApiError ? error.status : statusOf(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  return reply.code(status).send(body);
}

function statusOf(error: FastifyError): number {
  if (hasZodFastifySchemaValidationErrors(error)) return 400;
  if (error instanceof WrongExpectedRevision) return 409;
  return typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
}

function toErrorBody(error: FastifyError): ErrorBody {
  if (error instanceof ApiError) {
    return { error: error.kind, message: error.message, ...(error.fields && { fields: error.fields }) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
      fields[field] ??= issue.message ?? 'Invalid value';
    }
    return { error: 'BadRequest', message: Object.values(fields)[0] ?? 'Invalid request', fields };
  }
  if (error instanceof WrongExpectedRevision) {
    return { error: 'Conflict', message: 'Someone else changed this at the same time. Reload and try again.' };
  }
  const status = statusOf(error);
  if (status >= 500)
    return { error: 'InternalServerError', message: 'Something went wrong on our side. Please try again.' };
  return { error: kindOfStatus(status), message: error.message };
}
