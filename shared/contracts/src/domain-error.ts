/**
 * A decider's refusal, in the domain's words. Deciders know nothing of HTTP: the APIs' error handler
 * maps the kind to a status (invalid 400, not_found 404, conflict 409).
 */
export type DomainErrorKind = 'invalid' | 'not_found' | 'conflict';

/**
 * The refusals a caller tells apart from the others of their kind, each with its kind. Code that reacts to
 * a refusal branches on its code, never on its message (the message is for people and may be reworded).
 */
const kindOfCode = {
  /** The order's purchase order or quote request is in already (a second submit, or a retry of the first). */
  order_already_submitted: 'conflict',
  /** The order has nothing to issue the requested document for (no purchase order or accepted quote, no paid invoice). */
  document_not_issuable: 'conflict',
  /** The order was cancelled before its invoice was issued: there is nothing to invoice (nor to credit). */
  order_cancelled: 'conflict',
} as const satisfies Record<string, DomainErrorKind>;

/** A refusal's code: its own name (above), or else just its kind. */
export type DomainErrorCode = DomainErrorKind | keyof typeof kindOfCode;

const kindOf = (code: DomainErrorCode): DomainErrorKind =>
  code in kindOfCode ? kindOfCode[code as keyof typeof kindOfCode] : (code as DomainErrorKind);

export class DomainError extends Error {
  readonly kind: DomainErrorKind;

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** Field name → message, for refusals of one input field (an invalid value, or a conflict such as a duplicate name). */
    readonly fields?: Record<string, string>,
    /** Extra facts a client may show, e.g. the prices that changed. Must hold no secret. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
    this.kind = kindOf(code);
  }
}
