/**
 * A decider's refusal, in the domain's words. Deciders know nothing of HTTP: the APIs' error handler
 * maps the kind to a status (invalid 400, not_found 404, conflict 409).
 */
export type DomainErrorKind = 'invalid' | 'not_found' | 'conflict';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Field name → message, for refusals of one input field (an invalid value, or a conflict such as a duplicate name). */
    readonly fields?: Record<string, string>,
    /** Extra facts a client may show, e.g. the prices that changed. Must hold no secret. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
