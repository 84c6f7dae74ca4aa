/** The part of pino's API the workers use, so a pino (or Fastify) logger is passed in as it is. */
export interface Logger {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
