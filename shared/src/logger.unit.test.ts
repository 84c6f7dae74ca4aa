import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientHash, createLogger, redactUrlSecrets } from './logger.ts';

describe('logger', () => {
  it('hides the token and the email of a link and keeps everything else', () => {
    expect(redactUrlSecrets('https://shop.example/activate-account?token=abc-DEF_123&email=ann%40example.com')).toBe(
      'https://shop.example/activate-account?token=[redacted]&email=[redacted]',
    );
    expect(redactUrlSecrets('/reset-password?email=a%40b.c&Token=xyz#top')).toBe('/reset-password?email=[redacted]&Token=[redacted]#top');
    expect(redactUrlSecrets('/api/admin/orders?status=Confirmed&email=ann%40example.com')).toBe('/api/admin/orders?status=Confirmed&email=[redacted]');
    expect(redactUrlSecrets('https://shop.example/help?topic=tokens')).toBe('https://shop.example/help?topic=tokens');
  });

  it('logs a request for an emailed link without its token, and passwords in logged objects as [redacted]', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', 'test', { write: (line: string) => void lines.push(line) });
    const app = Fastify({ loggerInstance: logger });
    app.get('/activate-account', async () => 'ok');
    await app.inject({ method: 'GET', url: '/activate-account?token=secret-token-value&email=ann%40example.com' });
    await app.close();
    logger.info({ body: { password: 'secret-password' } }, 'a body');

    const incoming = lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string; method: string } }).find((line) => line.msg === 'incoming request');
    expect(incoming?.req).toMatchObject({ method: 'GET', url: '/activate-account?token=[redacted]&email=[redacted]' });
    expect(lines.join('')).not.toContain('secret-token-value');
    expect(lines.join('')).not.toContain('secret-password');
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
    const lines: string[] = [];
    const logger = createLogger('info', 'test', { write: (line: string) => void lines.push(line) });
    const app = Fastify({ loggerInstance: logger });
    app.get('/', async () => 'ok');
    await app.inject({ method: 'GET', url: '/', remoteAddress: '203.0.113.77' });
    await app.inject({ method: 'GET', url: '/', remoteAddress: '203.0.113.77' });
    await app.inject({ method: 'GET', url: '/', remoteAddress: '198.51.100.9' });
    await app.close();
    expect(lines.join('')).not.toContain('203.0.113.77');
    expect(lines.join('')).not.toContain('198.51.100.9');
    const clients = lines.map((line) => JSON.parse(line) as { msg: string; req?: { client: string } }).filter((line) => line.msg === 'incoming request').map((line) => line.req?.client);
    expect(clients).toHaveLength(3);
    expect(clients[0]).toMatch(/^[0-9a-f]{16}$/);
    expect(clients[1]).toBe(clients[0]);
    expect(clients[2]).not.toBe(clients[0]);
    const today = new Date('2030-01-01T12:00:00Z');
    expect(clientHash('203.0.113.77', today)).toBe(clientHash('203.0.113.77', today));
    expect(clientHash('203.0.113.77', new Date('2030-01-02T12:00:00Z'))).not.toBe(clientHash('203.0.113.77', today));
  });
});
