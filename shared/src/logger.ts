import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * The one logger every service uses (Fastify takes it as its loggerInstance). Authorization headers,
 * passwords, tokens and card data are redacted wherever they appear in a logged object.
 */
export function createLogger(level: string, name = 'labshop'): Logger {
  return pino({
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
  });
}
