/**
 * The compose topology's public port: the gateway in front of the command and query APIs running as
 * their own servers (here in this process, on their own ports), answering the probe's malformed and
 * oversized requests (issue 11, finding 3) and the /content check (finding 8) as the one-process shop does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createLogger } from '@labshop/platform/logger';
import { openStores, type Stores } from '@labshop/platform/stores';
import { createTestDatabase } from '@labshop/platform/testing/postgres';
import { sessionOf } from '@labshop/platform/testing/sessions';
import { buildCommandApp } from '@labshop/command-api/app';
import { buildQueryApp } from '@labshop/query-api/app';
import { servedContentFiles } from '@labshop/query-api/catalogue/served-files';
import { projections } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { tilePng } from '@labshop/command-api/seed/png';
import { buildGateway } from './gateway.ts';
import { createDetail, removeImage, uploadImage } from './testing/catalogue-files.ts';
import { rawRequest } from './testing/raw-request.ts';

const logger = createLogger('silent');
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let stores: Stores;
let contentDir: string;
let gatewayUrl: string;
let authorization: string;
const servers: FastifyInstance[] = [];
let projectors: { stop(): Promise<void> };

async function listening(app: FastifyInstance): Promise<string> {
  servers.push(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  database = await createTestDatabase();
  stores = await openStores({ DATABASE_URL: database.url });
  contentDir = await mkdtemp(join(tmpdir(), 'labshop-gateway-'));
  const tokens = createTokenService('gateway-test-secret-long-enough-for-hs256');
  ({ authorization } = await sessionOf(tokens));
  const { eventStore, readStore } = stores;
  const commandApiUrl = await listening(await buildCommandApp({ eventStore, tokens, contentDir, logger }));
  const queryApiUrl = await listening(await buildQueryApp({ eventStore, readStore, tokens, projections, logger }));
  projectors = startProjectors({ eventStore, readStore, projections, logger });
  gatewayUrl = await listening(
    await buildGateway({
      commandApiUrl,
      queryApiUrl,
      staticDir: fileURLToPath(new URL('../dist', import.meta.url)),
      contentDir,
      isServedContent: servedContentFiles(readStore),
      logger,
    }),
  );
});
afterAll(async () => {
  for (const server of servers.reverse()) await server.close();
  await projectors?.stop();
  await stores?.close();
  await database?.drop();
  await rm(contentDir, { recursive: true, force: true });
});

const newProduct = (name: string) => Buffer.from(JSON.stringify({ name }));
const json = { 'content-type': 'application/json' };

describe('the compose gateway', () => {
  it('answers an oversized JSON body with 413, announced or streamed, and a fitting one as the command API does', async () => {
    const body = newProduct('x'.repeat(3 * 1024 * 1024));
    const announced = await rawRequest(`${gatewayUrl}/api/admin/catalogue/products`, {
      headers: { ...json, authorization, 'content-length': body.length },
      body,
    });
    expect(announced.status).toBe(413);
    expect(JSON.parse(announced.body)).toMatchObject({ error: 'PayloadTooLarge' });
    const chunked = await rawRequest(`${gatewayUrl}/api/admin/catalogue/products`, {
      headers: { ...json, authorization, 'transfer-encoding': 'chunked' },
      body,
    });
    expect(chunked.status).toBe(413);
    const fitting = newProduct(`Through the gateway ${crypto.randomUUID()}`);
    expect(
      (
        await rawRequest(`${gatewayUrl}/api/admin/catalogue/products`, {
          headers: { ...json, authorization, 'content-length': fitting.length },
          body: fitting,
        })
      ).status,
    ).toBe(201);
  });

  it("passes uploads through whole: an oversized file gets the command API's own refusal, not a broken pipe", async () => {
    const files = await createDetail({ url: gatewayUrl, authorization });
    const form = new FormData();
    const huge = new Uint8Array(3 * 1024 * 1024);
    huge.set(tilePng([200, 40, 40], 16));
    form.append('file', new Blob([huge], { type: 'image/png' }), 'huge.png');
    const answer = await fetch(`${gatewayUrl}${files}/image`, {
      method: 'PUT',
      headers: { authorization },
      body: form,
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(await answer.json())).toContain('less than 2MB');
  });

  it('answers Expect: 100-continue: continues for an acceptable body, 413 for an oversized one', async () => {
    const body = newProduct(`Continued ${crypto.randomUUID()}`);
    const accepted = await rawRequest(`${gatewayUrl}/api/admin/catalogue/products`, {
      headers: { ...json, authorization, 'content-length': body.length, expect: '100-continue' },
      body,
      waitForContinue: true,
    });
    expect(accepted).toMatchObject({ status: 201, continued: true });
    const oversized = await rawRequest(`${gatewayUrl}/api/admin/catalogue/products`, {
      headers: { ...json, authorization, 'content-length': 5 * 1024 * 1024, expect: '100-continue' },
      waitForContinue: true,
    });
    expect(oversized.status).toBe(413);
  });

  it("answers /health with the query API's: each store it needs, and whether it answers", async () => {
    const health = await fetch(`${gatewayUrl}/health`);
    expect([health.status, await health.json()]).toEqual([
      200,
      { status: 'ok', dependencies: { eventStore: 'ok', readStore: 'ok' } },
    ]);
  });

  it('answers a malformed percent-escape in the query string with 400', async () => {
    for (const path of ['/api/catalogue/menu?x=%FF', '/api/catalogue/menu?x=%', '/?x=%FF']) {
      const answer = await fetch(`${gatewayUrl}${path}`);
      expect(answer.status, path).toBe(400);
      expect(await answer.text(), path).not.toMatch(/at .*\.ts:\d+/);
    }
  });

  it('answers 503 while an API is down', async () => {
    const down = await buildGateway({
      commandApiUrl: 'http://127.0.0.1:1',
      queryApiUrl: 'http://127.0.0.1:1',
      staticDir: fileURLToPath(new URL('../dist', import.meta.url)),
      logger,
    });
    try {
      const answer = await down.inject({ method: 'GET', url: '/api/catalogue/menu' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ error: 'ServiceUnavailable' });
      // Its /health says so, naming what is away.
      const health = await down.inject({ method: 'GET', url: '/health' });
      expect([health.statusCode, health.headers['retry-after'], health.json()]).toEqual([
        503,
        '5',
        { status: 'unavailable', dependencies: { queryApi: 'unavailable' } },
      ]);
    } finally {
      await down.close();
    }
  });

  it('stops serving an upload once no detail holds it', async () => {
    const client = { url: gatewayUrl, authorization };
    const files = await createDetail(client);
    const image = await uploadImage(client, files, [10, 120, 200]);
    await waitUntil(async () => (await fetch(`${gatewayUrl}${image.url}`)).status === 200);
    await removeImage(client, files);
    await waitUntil(async () => (await fetch(`${gatewayUrl}${image.url}`)).status === 404);
  });
});

/** Projection is asynchronous: the gateway has no position to wait for, so the test polls (bounded). */
async function waitUntil(check: () => Promise<boolean>) {
  for (
    const deadline = Date.now() + 10_000;
    Date.now() < deadline;
    await new Promise((resolve) => setTimeout(resolve, 50))
  ) {
    if (await check()) return;
  }
  throw new Error('the condition did not hold within 10 s');
}
