import { createHmac, randomBytes } from 'node:crypto';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { DestinationStream, Logger };

/**
 * A URL fit for a log line: the values of secret query parameters (an emailed link's `token`, …) and of
 * personal ones (the `email` an activation or reset link carries, an order desk filter) replaced, so no
 * log keeps a customer's address after they are erased.
 */
export function redactUrlSecrets(url: string): string {
  return url.replace(/([?&](?:token|code|key|password|secret|email|customerEmail)=)[^&#]*/gi, '$1[redacted]');
}

let clientKey = { day: '', key: Buffer.alloc(0) };

/**
 * A client address as the logs keep it: a keyed hash under a random key made per process and UTC day
 * and never stored, so one client's lines can be followed within a day, but no log names an address
 * (a plain hash of an IPv4 address is reversed by trying all four billion).
 */
export function clientHash(ip: string | undefined, now = new Date()): string | undefined {
  if (!ip) return undefined;
  const day = now.toISOString().slice(0, 10);
  if (clientKey.day !== day) clientKey = { day, key: randomBytes(32) };
  return createHmac('sha256', clientKey.key).update(ip).digest('hex').slice(0, 16);
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
}

/**
 * The one logger every service uses (Fastify takes it as its loggerInstance). Authorization headers,
 * passwords, tokens and card data are redacted wherever they appear in a logged object, and request
 * URLs lose their secret query values (a page load of an activation or reset link carries its token).
 * `destination` defaults to stdout: readable lines (pino-pretty) when it is a terminal, JSON lines
 * otherwise (containers, files, log shippers); tests pass their own to read what would be logged.
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
        // Card data is dropped before anything is stored; these catch it in a logged body or error, however nested.
        'cardNumber',
        'cvv',
        '*.cardNumber',
        '*.cvv',
        '*.*.cardNumber',
        '*.*.cvv',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // Fastify's own request fields, with the URL redacted and the client's address as a keyed hash (no port: with it a line names a connection).
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrlSecrets(request.url),
        host: request.host,
        client: clientHash(request.ip),
      }),
    },
  };
  if (destination) return pino(options, destination);
  if (process.stdout.isTTY) return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } });
  return pino(options);
}
