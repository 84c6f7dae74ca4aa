import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, parseApiError, positionHeader, type PositionStore } from './api-client.ts';

describe('parseApiError', () => {
  it('carries status, error name, message and field messages from the documented shape', async () => {
    const response = Response.json(
      { error: 'BadRequest', message: 'Validation failed', fields: { name: 'Product name is required', bogus: 42 } },
      { status: 400 },
    );
    const error = await parseApiError(response);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('BadRequest');
    expect(error.message).toBe('Validation failed');
    expect(error.fields).toEqual({ name: 'Product name is required' });
  });

  it('falls back to a readable message when the body is not JSON (e.g. a proxy error page)', async () => {
    const error = await parseApiError(new Response('<html>Bad Gateway</html>', { status: 502 }));
    expect(error.status).toBe(502);
    expect(error.code).toBe('Http502');
    expect(error.message).toBe('The server could not complete the request (502).');
    expect(error.fields).toEqual({});
  });

  it('keeps the details of a refusal for the caller to parse (a 409 carries the new prices)', async () => {
    const error = await parseApiError(
      Response.json(
        { error: 'Conflict', message: 'Prices changed', details: { cart: { subtotalCents: 1200 } } },
        { status: 409 },
      ),
    );
    expect(error.details).toEqual({ cart: { subtotalCents: 1200 } });
    expect((await parseApiError(Response.json({ error: 'Conflict' }, { status: 409 }))).details).toBeUndefined();
  });

  it('uses the status-specific message when the body has no message', async () => {
    const error = await parseApiError(Response.json({ error: 'Conflict' }, { status: 409 }));
    expect(error.message).toBe('Someone else changed this at the same time. Please try again.');
  });
});

// The client against a real HTTP server that records what it received and answers from a script.
interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

describe('createApiClient', () => {
  let server: Server;
  let origin: string;
  const received: Received[] = [];
  const answers = new Map<string, { status: number; body: unknown; headers?: Record<string, string> }>();

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const path = request.url ?? '';
        received.push({ method: request.method ?? '', path, headers: request.headers, body });
        const answer = answers.get(`${request.method} ${path}`) ?? {
          status: 404,
          body: { error: 'NotFound', message: 'No such route' },
        };
        response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        response.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  beforeEach(() => {
    received.length = 0;
    answers.clear();
  });

  const clientFor = (positionStore?: PositionStore) =>
    createApiClient({ fetch: (path, init) => fetch(`${origin}${String(path)}`, init), positionStore });

  it('sends the newest command position on later reads, never an older one', async () => {
    answers.set('POST /api/admin/catalogue/products', {
      status: 201,
      body: { productId: 'p1', position: '0000000042' },
    });
    answers.set('PATCH /api/admin/catalogue/products/p1', { status: 200, body: { position: '0000000007' } });
    answers.set('GET /api/catalogue/menu', { status: 200, body: { products: [] } });
    const client = clientFor();

    await client.get('/api/catalogue/menu');
    await client.post('/api/admin/catalogue/products', { name: 'Pipette tips' });
    await client.patch('/api/admin/catalogue/products/p1', { visible: false });
    await client.get('/api/catalogue/menu');

    const reads = received.filter((request) => request.method === 'GET');
    expect(reads[0]?.headers[positionHeader]).toBeUndefined();
    expect(reads[1]?.headers[positionHeader]).toBe('0000000042');
    expect(received.find((request) => request.method === 'POST')?.body).toBe('{"name":"Pipette tips"}');
  });

  it('remembers a position a command answers in the x-labshop-position header (a cart command answers the cart itself)', async () => {
    answers.set('POST /api/carts/c1/items', {
      status: 200,
      body: { cartId: 'c1', lines: [] },
      headers: { [positionHeader]: '0000000077' },
    });
    answers.set('GET /api/carts/c1', { status: 200, body: { cartId: 'c1', lines: [] } });
    const client = clientFor();
    await client.post('/api/carts/c1/items', { quantity: 1 });
    await client.get('/api/carts/c1');
    expect(received.find((request) => request.method === 'GET')?.headers[positionHeader]).toBe('0000000077');
  });

  it('keeps the position in its store so a new client (a reloaded page) still reads its writes', async () => {
    answers.set('DELETE /api/admin/catalogue/products/p1', { status: 200, body: { position: '0000000100' } });
    answers.set('GET /api/catalogue/menu', { status: 200, body: { products: [] } });
    let saved: string | undefined;
    const store: PositionStore = {
      load: () => saved,
      save: (position) => (saved = position),
      forget: () => (saved = undefined),
    };

    await clientFor(store).delete('/api/admin/catalogue/products/p1');
    await clientFor(store).get('/api/catalogue/menu');

    expect(received.at(-1)?.headers[positionHeader]).toBe('0000000100');
  });

  it('stops sending a position the server could not reach in time (marked stale), here and after a reload', async () => {
    answers.set('DELETE /api/admin/catalogue/products/p1', { status: 200, body: { position: '9999999999' } });
    answers.set('GET /api/catalogue/menu', {
      status: 200,
      body: { products: [] },
      headers: { 'x-labshop-stale': 'true' },
    });
    let saved: string | undefined;
    const store: PositionStore = {
      load: () => saved,
      save: (position) => (saved = position),
      forget: () => (saved = undefined),
    };
    const client = clientFor(store);

    await client.delete('/api/admin/catalogue/products/p1');
    await client.get('/api/catalogue/menu');
    await client.get('/api/catalogue/menu');
    await clientFor(store).get('/api/catalogue/menu');

    const reads = received.filter((request) => request.method === 'GET');
    expect(reads.map((read) => read.headers[positionHeader])).toEqual(['9999999999', undefined, undefined]);
  });

  it('attaches the admin token to admin calls only, and ends the session when the server rejects it', async () => {
    answers.set('GET /api/admin/catalogue/products', {
      status: 401,
      body: { error: 'Unauthorized', message: 'Token expired' },
    });
    answers.set('GET /api/catalogue/menu', { status: 200, body: { products: [] } });
    const client = clientFor();
    let rejections = 0;
    client.bindAdminSession({ getToken: () => 'admin-token', onUnauthorized: () => rejections++ });

    await client.get('/api/catalogue/menu');
    const failure = await client.get('/api/admin/catalogue/products').catch((error: unknown) => error);

    expect(received[0]?.headers.authorization).toBeUndefined();
    expect(received[1]?.headers.authorization).toBe('Bearer admin-token');
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('Token expired');
    expect(rejections).toBe(1);
  });

  it('asks a 503 again after its Retry-After with the same body, says it is retrying meanwhile, and keeps the session', async () => {
    answers.set('POST /api/account/orders', {
      status: 503,
      body: { error: 'ServiceUnavailable', message: 'The shop is briefly unavailable.' },
      headers: { 'retry-after': '5' },
    });
    const client = createApiClient({
      fetch: (path, init) => fetch(`${origin}${String(path)}`, init),
      maxRetryWaitMs: 20,
    });
    let rejections = 0;
    client.bindCustomerSession({ getToken: () => 'customer-token', onUnauthorized: () => rejections++ });
    const seen: string[] = [];
    client.onAvailabilityChange((availability) => {
      seen.push(availability);
      // The database is back by the second try.
      answers.set('POST /api/account/orders', { status: 201, body: { orderId: 'o1', position: '0000000005' } });
    });

    const placed = await client.post<{ orderId: string }>('/api/account/orders', { idempotencyKey: 'k1' });

    expect(placed.orderId).toBe('o1');
    expect(received.map((request) => request.body)).toEqual(['{"idempotencyKey":"k1"}', '{"idempotencyKey":"k1"}']);
    expect(received.every((request) => request.headers.authorization === 'Bearer customer-token')).toBe(true);
    expect(seen).toEqual(['retrying', 'available']);
    expect(client.availability()).toBe('available');
    expect(rejections).toBe(0);
  });

  it('gives a 503 to the caller once the retry budget is spent, still without ending the session', async () => {
    answers.set('GET /api/account/orders', {
      status: 503,
      body: { error: 'ServiceUnavailable', message: 'The shop is briefly unavailable.' },
      headers: { 'retry-after': '1' },
    });
    const client = createApiClient({
      fetch: (path, init) => fetch(`${origin}${String(path)}`, init),
      maxRetryWaitMs: 10,
      retryBudgetMs: 50,
    });
    let rejections = 0;
    client.bindCustomerSession({ getToken: () => 'customer-token', onUnauthorized: () => rejections++ });

    const failure = await client.get('/api/account/orders').catch((error: unknown) => error);

    expect((failure as ApiError).status).toBe(503);
    expect(received.length).toBeGreaterThan(1);
    expect(rejections).toBe(0);
    expect(client.availability()).toBe('available');
  });

  it('sends the customer token to the customer’s own routes only and the admin token to admin routes only', async () => {
    answers.set('GET /api/account/profile', {
      status: 401,
      body: { error: 'Unauthorized', message: 'Your session has expired. Please sign in again.' },
    });
    answers.set('GET /api/admin/catalogue/products', { status: 200, body: { products: [] } });
    answers.set('GET /api/catalogue/menu', { status: 200, body: { products: [] } });
    const client = clientFor();
    let customerRejections = 0;
    let adminRejections = 0;
    client.bindCustomerSession({ getToken: () => 'customer-token', onUnauthorized: () => customerRejections++ });
    client.bindAdminSession({ getToken: () => 'admin-token', onUnauthorized: () => adminRejections++ });

    await client.get('/api/catalogue/menu');
    await client.get('/api/admin/catalogue/products');
    await client.get('/api/account/profile').catch(() => undefined);

    expect(received.map((request) => request.headers.authorization)).toEqual([
      undefined,
      'Bearer admin-token',
      'Bearer customer-token',
    ]);
    expect([customerRejections, adminRejections]).toEqual([1, 0]);
  });

  it('sends a FormData body as multipart (a file upload) and remembers the position it answers with', async () => {
    const uploadPath = '/api/admin/catalogue/products/p1/subproducts/s1/details/d1/files/image';
    answers.set(`PUT ${uploadPath}`, { status: 200, body: { position: '0000000500', file: { name: 'abc.png' } } });
    answers.set('GET /api/catalogue/menu', { status: 200, body: { products: [] } });
    const client = clientFor();
    client.bindAdminSession({ getToken: () => 'admin-token', onUnauthorized: () => undefined });
    const form = new FormData();
    form.append('file', new Blob(['GIF89a'], { type: 'image/gif' }), 'tiny.gif');

    await client.put(uploadPath, form);
    await client.get('/api/catalogue/menu');

    const upload = received.find((request) => request.method === 'PUT');
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload?.headers.authorization).toBe('Bearer admin-token');
    expect(upload?.body).toContain('filename="tiny.gif"');
    expect(received.at(-1)?.headers[positionHeader]).toBe('0000000500');
  });

  it('does not end a session over a 401 to a call that carried no token (wrong password at login)', async () => {
    answers.set('POST /api/admin/login', {
      status: 401,
      body: { error: 'Unauthorized', message: 'Invalid email or password' },
    });
    const client = clientFor();
    let rejections = 0;
    client.bindAdminSession({ getToken: () => null, onUnauthorized: () => rejections++ });

    await expect(client.post('/api/admin/login', { email: 'a@b.co', password: 'wrong-one' })).rejects.toThrow(
      'Invalid email or password',
    );
    expect(rejections).toBe(0);
  });

  it('turns an unreachable server into an ApiError with status 0', async () => {
    const client = createApiClient({ fetch: (path, init) => fetch(`http://127.0.0.1:1${String(path)}`, init) });
    const failure = await client.get('/api/catalogue/menu').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(0);
  });
});
