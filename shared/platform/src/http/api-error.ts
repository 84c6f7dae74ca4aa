/** The one error shape every LabShop API answers with. */
export interface ErrorBody {
  error: ErrorKind;
  message: string;
  fields?: Record<string, string>;
  /** Facts a client may show with the refusal (a DomainError's details). */
  details?: Record<string, unknown>;
}

const statusOfKind = {
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  UnprocessableEntity: 422,
  TooManyRequests: 429,
  InternalServerError: 500,
  ServiceUnavailable: 503,
  InsufficientStorage: 507,
} as const;

export type ErrorKind = keyof typeof statusOfKind;

/** Thrown by deciders and routes for an expected refusal; the error handler turns it into an ErrorBody. */
export class ApiError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get status(): number {
    return statusOfKind[this.kind];
  }
}

export function kindOfStatus(status: number): ErrorKind {
  const match = Object.entries(statusOfKind).find(([, code]) => code === status);
  if (match) return match[0] as ErrorKind;
  return status >= 500 ? 'InternalServerError' : 'BadRequest';
}
