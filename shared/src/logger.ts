import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * The one logger every service uses (Fastify takes it as its loggerInstance). Authorization headers,
 * passwords, tokens and card data are redacted wherever they appear in a logged object.
 * `destination` defaults to stdout; tests pass their own to read what would be logged.
 */
export function createLogger(level: string, name = 'labshop', destination?: DestinationStream): Logger {
  const options = {
    name,
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.newPassword',
        '*.passwordHash',
        '*.token',
        '*.cardNumber',
        '*.cvv',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
