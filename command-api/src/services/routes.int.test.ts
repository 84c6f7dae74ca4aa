import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { sessionOf } from '@labshop/platform/testing/sessions';
import type { RecordedEvent } from '@labshop/platform/event-store/port';
import { serviceStream } from '@labshop/contracts/content/services-events';
import { buildCommandApp } from '../app.ts';
import { adminAuthorization } from '../testing/admin-session.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let app: Awaited<ReturnType<typeof buildCommandApp>>;
let admin: { authorization: string };

beforeAll(async () => {
  stores = await createTestStores();
  app = await buildCommandApp({ eventStore: stores.eventStore, tokens });
  admin = await adminAuthorization(stores.eventStore, tokens);
});
afterAll(async () => {
  await app?.close();
  await stores?.drop();
});

/** A service's events, read from its stream (a refused create names its id, so "nothing written" is checked there). */
async function eventsOf(serviceId: string): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const event of stores.eventStore.readStream(serviceStream(serviceId))) events.push(event);
  return events;
}

const typesOf = async (serviceId: string) => (await eventsOf(serviceId)).map((event) => event.type);

const form = {
  heading: 'Plasmid DNA manufacturing',
  category: 'Plasmid Production',
  price: '100',
  order: 1,
  content: '<p>Research grade</p>',
  isActive: true,
};

const send = (
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = admin,
) => app.inject({ method, url, headers, ...(payload !== undefined && { payload: payload as object }) });

async function createService(overrides: Partial<typeof form> & { serviceId?: string } = {}) {
  const response = await send('POST', '/api/admin/services', { ...form, ...overrides });
  expect(response.statusCode).toBe(201);
  return response.json() as { serviceId: string; position: string; version: number };
}

describe('service commands', () => {
  it('creates a service in its own stream with the admin as actor and a sanitised description', async () => {
    const { serviceId, position, version } = await createService({
      heading: '  Lentivirus packaging ',
      content: '<p onclick="x()">3-4 weeks<script>alert(1)</script></p>',
    });
    expect(version).toBe(1);
    const events = await eventsOf(serviceId);
    const fields = {
      heading: 'Lentivirus packaging',
      category: form.category,
      price: '100',
      order: 1,
      content: '<p>3-4 weeks</p>',
    };
    expect(events.map((event) => [event.type, event.data])).toEqual([
      ['ServiceCreated', { serviceId, fields, isActive: true }],
    ]);
    expect(events[0]?.metadata.actor).toMatchObject({ kind: 'admin', email: 'admin@labshop.test' });
    expect(events[0]?.position).toBe(position);
  });

  it('takes a create’s own id once: a retry with it answers 409 and writes nothing', async () => {
    const serviceId = crypto.randomUUID();
    expect((await createService({ serviceId })).serviceId).toBe(serviceId);
    const retry = await send('POST', '/api/admin/services', { ...form, serviceId });
    expect(retry.json()).toMatchObject({ error: 'Conflict', message: 'A service with this id already exists' });
    expect(await typesOf(serviceId)).toEqual(['ServiceCreated']);
  });

  it.each([
    [{ ...form, heading: '  ' }, 'heading', 'Service heading is required'],
    [{ ...form, category: undefined }, 'category', 'Category is required'],
    [{ ...form, price: '' }, 'price', 'Price is required'],
    [{ ...form, order: undefined }, 'order', 'Order is required'],
    [{ ...form, order: 1.5 }, 'order', 'Order must be a whole number'],
    [{ ...form, content: '<p><br></p>' }, 'content', 'Description is required'],
    [{ ...form, content: '<script>alert(1)</script>' }, 'content', 'Description is required'],
    [{ ...form, heading: 'Plasmid\u0000DNA' }, 'heading', 'Service heading contains characters that are not allowed'],
    [{ ...form, content: 'x'.repeat(100_001) }, 'content', 'Description must be at most 100000 characters'],
    [{ ...form, isActive: 'yes' }, 'isActive', 'Status must be active (true) or inactive (false)'],
    [{ ...form, extra: 1 }, 'body', expect.any(String)],
  ])('refuses %j with 400 naming the field, and writes nothing', async (payload, field, message) => {
    const serviceId = crypto.randomUUID();
    const response = await send('POST', '/api/admin/services', { ...payload, serviceId });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ [field]: message });
    expect(await typesOf(serviceId)).toEqual([]);
  });

  it('refuses a body over its limit with 413 before reading it, and writes nothing', async () => {
    const serviceId = crypto.randomUUID();
    const response = await send('POST', '/api/admin/services', {
      ...form,
      serviceId,
      content: `<p>${'x'.repeat(600 * 1024)}</p>`,
    });
    expect(response.statusCode).toBe(413);
    expect(await typesOf(serviceId)).toEqual([]);
  });

  it('edits, toggles and deletes with the version the admin saw; a stale one is 409 naming who changed it', async () => {
    const { serviceId } = await createService();
    const url = `/api/admin/services/${serviceId}`;

    const edited = await send('PUT', url, { ...form, order: 3, isActive: true, expectedVersion: 1 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().version).toBe(2);

    const stale = await send('PATCH', `${url}/status`, { isActive: false, expectedVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'Conflict',
      details: { currentVersion: 2, yourVersion: 1, changedBy: 'admin@labshop.test' },
    });

    const toggled = await send('PATCH', `${url}/status`, { isActive: false, expectedVersion: 2 });
    expect(toggled.json().version).toBe(3);
    expect((await send('PUT', url, { ...form, isActive: true }, { ...admin, 'if-match': '"2"' })).statusCode).toBe(409);
    expect((await send('DELETE', `${url}?expectedVersion=2`)).statusCode).toBe(409);
    expect((await send('DELETE', `${url}?expectedVersion=3`)).statusCode).toBe(200);

    expect(await typesOf(serviceId)).toEqual([
      'ServiceCreated',
      'ServiceUpdated',
      'ServiceDeactivated',
      'ServiceDeleted',
    ]);
    expect((await send('PUT', url, form)).statusCode).toBe(404);
  });

  it('lets one of ten concurrent edits naming the same version land; the others answer 409', async () => {
    const { serviceId } = await createService();
    const edits = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send('PUT', `/api/admin/services/${serviceId}`, { ...form, order: 10 + i, expectedVersion: 1 }),
      ),
    );
    expect(edits.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(edits.filter((answer) => answer.statusCode === 409)).toHaveLength(9);
    expect(await typesOf(serviceId)).toEqual(['ServiceCreated', 'ServiceUpdated']);
  });

  it('refuses a bad edit with 400 and the field, writing nothing', async () => {
    const { serviceId } = await createService();
    const response = await send('PUT', `/api/admin/services/${serviceId}`, { ...form, category: 'Cell\u0000Lines' });
    expect(response.json()).toMatchObject({
      error: 'BadRequest',
      fields: { category: 'Category contains characters that are not allowed' },
    });
    expect((await send('PATCH', `/api/admin/services/${serviceId}/status`, {})).json().fields).toMatchObject({
      isActive: expect.any(String),
    });
    expect((await send('PUT', '/api/admin/services/not-an-id', form)).json().fields).toMatchObject({
      serviceId: 'Service must be a valid id',
    });
    expect(await typesOf(serviceId)).toEqual(['ServiceCreated']);
  });

  it('is for admins only: 401 anonymous, 403 for a customer, on every route, and nothing is written', async () => {
    const { serviceId } = await createService();
    const refusedId = crypto.randomUUID();
    const customer = await sessionOf(tokens, { kind: 'customer', id: crypto.randomUUID(), email: 'c@example.com' });
    const url = `/api/admin/services/${serviceId}`;
    const attempts = [
      ['POST', '/api/admin/services', { ...form, serviceId: refusedId }],
      ['PUT', url, form],
      ['PATCH', `${url}/status`, { isActive: false }],
      ['DELETE', url, undefined],
    ] as const;
    for (const [method, path, payload] of attempts) {
      expect((await send(method, path, payload, customer)).json()).toMatchObject({
        error: 'Forbidden',
        message: 'Access Denied! Please log in as an Admin.',
      });
      expect((await send(method, path, payload, {})).statusCode).toBe(401);
    }
    expect(await typesOf(serviceId)).toEqual(['ServiceCreated']);
    expect(await typesOf(refusedId)).toEqual([]);
  });
});
