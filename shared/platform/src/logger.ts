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

/** Today's key, and the hashes made with it (an HMAC per request line cost as much as the rest of the line). */
let clientKey = { day: '', key: Buffer.alloc(0), hashes: new Map<string, string>() };
const CLIENT_HASHES_KEPT = 10_000;

/**
 * A client address as the logs keep it: a keyed hash under a random key made per process and UTC day
 * and never stored, so one client's lines can be followed within a day, but no log names an address
 * (a plain hash of an IPv4 address is reversed by trying all four billion).
 */
export function clientHash(ip: string | undefined, now = new Date()): string | undefined {
  if (!ip) return undefined;
  const day = now.toISOString().slice(0, 10);
  if (clientKey.day !== day) clientKey = { day, key: randomBytes(32), hashes: new Map() };
  let hash = clientKey.hashes.get(ip);
  if (hash === undefined) {
    if (clientKey.hashes.size >= CLIENT_HASHES_KEPT) clientKey.hashes.clear();
    hash = createHmac('sha256', clientKey.key).update(ip).digest('hex').slice(0, 16);
    clientKey.hashes.set(ip, hash);
  }
  return hash;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
}

/** The fields whose values never reach a log, wherever the redaction looks (below). */
export const SECRET_FIELDS = [
  'password',
  'newPassword',
  'passwordHash',
  'token',
  'authorization',
  'cookie',
  'cardNumber',
  'cvv',
] as const;
/**
 * The keys a log line carries foreign data under (a body, a command's input, a payment, an error with whatever
 * its thrower attached): their values are searched for the secret fields however deep. The search runs only
 * when a line has such a key, never for a request line.
 */
export const DATA_KEYS = ['body', 'input', 'payment', 'data', 'err', 'error'] as const;
const REDACTED = '[redacted]';
const secretFields = new Set<string>(SECRET_FIELDS);

/** A copy of `value` with every secret field's value replaced, at any depth (cycles cut). */
function withoutSecrets(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if ('toJSON' in value && typeof value.toJSON === 'function')
    return withoutSecrets((value as { toJSON(): unknown }).toJSON(), seen);
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, seen));
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value))
    copy[key] = secretFields.has(key) ? REDACTED : withoutSecrets(field, seen);
  return copy;
}

/**
 * The one logger every service uses (Fastify takes it as its loggerInstance). Nothing secret reaches a line:
 * a request is logged as method, URL without its secret query values (a page load of an activation or reset
 * link carries its token), host and a keyed hash of the client (never its headers, so no authorization or
 * cookie); a secret field at the top of a logged object is redacted by its explicit path, and under one of
 * the `DATA_KEYS` at any depth by that key's serializer. No wildcard path: pino runs a wildcard's redaction
 * over every key of every line, which made redaction a third of the logging cost of a product read.
 * `destination` defaults to stdout: readable lines (pino-pretty) when it is a terminal, JSON lines
 * otherwise (containers, files, log shippers); tests pass their own to read what would be logged.
 */
export function createLogger(level: string, name = 'labshop', destination?: DestinationStream): Logger {
  const options = {
    name,
    level,
    redact: { paths: [...SECRET_FIELDS], censor: REDACTED },
    serializers: {
      // Fastify's own request fields, with the URL redacted and the client's address as a keyed hash (no port: with it a line names a connection).
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrlSecrets(request.url),
        host: request.host,
        client: clientHash(request.ip),
      }),
      ...Object.fromEntries(DATA_KEYS.map((key) => [key, withoutSecrets])),
      // An error as pino shows it (type, message, stack, its own fields), then searched like the other data keys.
      err: (error: Error) => withoutSecrets(pino.stdSerializers.err(error)),
    },
  };
  if (destination) return pino(options, destination);
  if (process.stdout.isTTY)
    return pino({
      ...options,
      transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } },
    });
  return pino(options);
}
