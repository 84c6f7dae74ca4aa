import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLogController } from './http/request-log.ts';
import { clientHash, createLogger, DATA_KEYS, redactUrlSecrets, SECRET_FIELDS } from './logger.ts';

interface Line {
  msg: string;
  level: number;
  reqId?: string;
  req?: { url: string; method: string; client: string };
  res?: { statusCode: number };
  responseTime?: number;
}

function capture() {
  const lines: string[] = [];
  const logger = createLogger('info', 'test', { write: (line: string) => void lines.push(line) });
  return { logger, lines, parsed: () => lines.map((line) => JSON.parse(line) as Line) };
}

describe('logger', () => {
  it('hides the token and the email of a link and keeps everything else', () => {
    expect(redactUrlSecrets('https://shop.example/activate-account?token=abc-DEF_123&email=ann%40example.com')).toBe(
      'https://shop.example/activate-account?token=[redacted]&email=[redacted]',
    );
    expect(redactUrlSecrets('/reset-password?email=a%40b.c&Token=xyz#top')).toBe(
      '/reset-password?email=[redacted]&Token=[redacted]#top',
    );
    expect(redactUrlSecrets('/api/admin/orders?status=Confirmed&email=ann%40example.com')).toBe(
      '/api/admin/orders?status=Confirmed&email=[redacted]',
    );
    expect(redactUrlSecrets('https://shop.example/help?topic=tokens')).toBe('https://shop.example/help?topic=tokens');
  });

  it('logs a request for an emailed link without its token, and passwords in logged objects as [redacted]', async () => {
    const { logger, lines, parsed } = capture();
    const app = Fastify({ loggerInstance: logger, logController: requestLogController() });
    app.get('/activate-account', async () => 'ok');
    await app.inject({ method: 'GET', url: '/activate-account?token=secret-token-value&email=ann%40example.com' });
    await app.close();
    logger.info({ body: { password: 'secret-password' } }, 'a body');

    const completed = parsed().find((line) => line.msg === 'request completed');
    expect(completed?.req).toMatchObject({ method: 'GET', url: '/activate-account?token=[redacted]&email=[redacted]' });
    expect(lines.join('')).not.toContain('secret-token-value');
    expect(lines.join('')).not.toContain('secret-password');
  });

  it('writes one line per request: the request, its status and response time under its id', async () => {
    const { logger, lines, parsed } = capture();
    const app = Fastify({ loggerInstance: logger, logController: requestLogController() });
    app.get('/ok', async () => 'ok');
    app.get('/broken', async (_request, reply) => reply.send(new Error('the disk is full')));
    await app.inject({
      method: 'GET',
      url: '/ok',
      headers: { authorization: 'Bearer secret-bearer-value', cookie: 'session=secret-cookie-value' },
    });
    await app.inject({ method: 'GET', url: '/broken' });
    await app.close();
    const requestLines = parsed().filter((line) => line.msg === 'request completed');
    expect(requestLines.map((line) => [line.msg, line.req?.url, line.res?.statusCode])).toEqual([
      ['request completed', '/ok', 200],
      ['request completed', '/broken', 500],
    ]);
    expect(requestLines[0]).toMatchObject({ level: 30, reqId: expect.any(String), responseTime: expect.any(Number) });
    // Besides, only the error handler's own line for the 500: no 'incoming request' line.
    expect(parsed().map((line) => line.msg)).toEqual(['request completed', 'the disk is full', 'request completed']);
    // A request is never logged with its headers.
    expect(lines.join('')).not.toContain('secret-bearer-value');
    expect(lines.join('')).not.toContain('secret-cookie-value');
  });

  it('redacts every secret field at the top of a logged object and under every data key, however deep', () => {
    const { logger, lines } = capture();
    for (const field of SECRET_FIELDS) {
      const value = `secret-${field}-value`;
      logger.info({ [field]: value }, `top ${field}`);
      for (const key of DATA_KEYS) {
        logger.info({ [key]: { [field]: value } }, `${key}.${field}`);
        logger.info({ [key]: { a: [{ b: { [field]: value } }] } }, `${key}.a[0].b.${field}`);
      }
    }
    const error = Object.assign(new Error('refused'), {
      request: { headers: { authorization: 'secret-authorization-value' } },
    });
    logger.error({ err: error }, 'an error with what its thrower attached');
    const logged = lines.join('');
    for (const field of SECRET_FIELDS) expect(logged, field).not.toContain(`secret-${field}-value`);
    expect(lines).toHaveLength(SECRET_FIELDS.length * (1 + 2 * DATA_KEYS.length) + 1);
    for (const line of lines) expect(line).toContain('"[redacted]"');
    // The error keeps what pino shows of it.
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({
      err: { type: 'Error', message: 'refused', stack: expect.stringContaining('Error: refused') },
    });
  });

  it('keeps what is not secret in a data key: values, dates, arrays, and cuts cycles', () => {
    const { logger, lines } = capture();
    const body: Record<string, unknown> = {
      orderId: 'o-1',
      at: new Date('2030-01-01T00:00:00Z'),
      quantities: [1, 2],
      cardLast4: '4315',
    };
    body.self = body;
    logger.info({ body }, 'a body');
    expect(JSON.parse(lines[0]!)).toMatchObject({
      body: {
        orderId: 'o-1',
        at: '2030-01-01T00:00:00.000Z',
        quantities: [1, 2],
        cardLast4: '4315',
        self: '[circular]',
      },
    });
  });

  it('redacts card numbers and CVVs at the top of a logged object and nested one or two levels', () => {
    const lines: string[] = [];
    const logger = createLogger('info', 'test', { write: (line: string) => void lines.push(line) });
    logger.info({ cardNumber: '4929381652074315', cvv: '7351' }, 'top');
    logger.info({ body: { cardNumber: '4929381652074315', cvv: '7351', cardLast4: '4315' } }, 'one deep');
    logger.info({ payment: { card: { cardNumber: '4929381652074315', cvv: '7351' } } }, 'two deep');
    const logged = lines.join('');
    expect(logged).not.toContain('4929381652074315');
    expect(logged).not.toContain('7351');
    expect(logged).toContain('"cardLast4":"4315"');
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['top', 'one deep', 'two deep']);
  });

  it("logs a request's client as a keyed hash, never its address: the same client the same hash within a day, another day another", async () => {
    const { logger, lines } = capture();
    const app = Fastify({ loggerInstance: logger, logController: requestLogController() });
    app.get('/', async () => 'ok');
    await app.inject({ method: 'GET', url: '/', remoteAddress: '203.0.113.77' });
    await app.inject({ method: 'GET', url: '/', remoteAddress: '203.0.113.77' });
    await app.inject({ method: 'GET', url: '/', remoteAddress: '198.51.100.9' });
    await app.close();
    expect(lines.join('')).not.toContain('203.0.113.77');
    expect(lines.join('')).not.toContain('198.51.100.9');
    const clients = lines
      .map((line) => JSON.parse(line) as { msg: string; req?: { client: string } })
      .filter((line) => line.msg === 'request completed')
      .map((line) => line.req?.client);
    expect(clients).toHaveLength(3);
    expect(clients[0]).toMatch(/^[0-9a-f]{16}$/);
    expect(clients[1]).toBe(clients[0]);
    expect(clients[2]).not.toBe(clients[0]);
    const today = new Date('2030-01-01T12:00:00Z');
    expect(clientHash('203.0.113.77', today)).toBe(clientHash('203.0.113.77', today));
    expect(clientHash('203.0.113.77', new Date('2030-01-02T12:00:00Z'))).not.toBe(clientHash('203.0.113.77', today));
    // Remembered hashes are the day's: a new day hashes under its new key, and the old day's key is gone with its hashes.
    const nextDay = new Date('2030-01-03T12:00:00Z');
    const first = clientHash('203.0.113.77', nextDay);
    expect(clientHash('203.0.113.77', new Date('2030-01-04T12:00:00Z'))).not.toBe(first);
    expect(clientHash('203.0.113.77', nextDay)).not.toBe(first);
  });
});
