import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import type { Actor } from '@labshop/platform/event-store/port';
import { createTestStores } from '@labshop/platform/testing/stores';
import { TEST_ADMIN } from '@labshop/platform/testing/given-events';
import { sessionOf } from '@labshop/platform/testing/sessions';
import { createLogger } from '@labshop/platform/logger';
import { CATALOGUE_STREAM, productStream } from '@labshop/contracts/catalogue/events';
import { ADMIN_SECURITY_STREAM } from '@labshop/contracts/admins/events';
import { auditLog } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { buildQueryApp } from '../app.ts';
import { POSITION_HEADER } from '../read-your-writes.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
const projections = [auditLog];
const BOB: Actor = { kind: 'admin', id: '00000000-0000-4000-8000-0000000ad002', email: 'bob@labshop.test' };
let stores: Awaited<ReturnType<typeof createTestStores>>;
let queries: Awaited<ReturnType<typeof buildQueryApp>>;
let projectors: { stop(): Promise<void> };
let admin: { authorization: string };

let lastPosition = '';
/** An event as a command from `actor` at `at` would have written it, from a known address and browser. */
async function given(stream: string, type: string, data: object, actor: Actor, at: string) {
  const metadata = {
    actor,
    correlationId: 'c',
    causationId: 'c',
    occurredAt: at,
    ip: '198.51.100.23',
    userAgent: 'AuditTest/2.0',
  };
  lastPosition = (await stores.eventStore.append(stream, [{ type, data, metadata }], { expectedRevision: 'any' }))
    .position;
}

const productId = crypto.randomUUID();
const subproductId = crypto.randomUUID();

beforeAll(async () => {
  stores = await createTestStores();
  queries = await buildQueryApp({ ...stores, tokens, projections });
  projectors = startProjectors({ ...stores, projections, logger: createLogger('silent') });
  admin = await sessionOf(tokens);
  await given(
    CATALOGUE_STREAM,
    'ProductCreated',
    { productId, name: 'Mycoplasma', displayOrder: 0 },
    TEST_ADMIN,
    '2026-03-01T10:00:00.000Z',
  );
  await given(
    CATALOGUE_STREAM,
    'ProductRenamed',
    { productId, name: '=HYPERLINK("http://evil.test","Click")' },
    BOB,
    '2026-03-02T10:00:00.000Z',
  );
  await given(
    productStream(productId),
    'SubproductCreated',
    { productId, subproductId, name: 'Kits', displayOrder: 0 },
    BOB,
    '2026-03-03T10:00:00.000Z',
  );
  await given(
    CATALOGUE_STREAM,
    'ProductRenamed',
    { productId, name: 'Mycoplasma Detection' },
    TEST_ADMIN,
    '2026-03-04T10:00:00.000Z',
  );
  await given(
    ADMIN_SECURITY_STREAM,
    'AdminSignInFailed',
    { adminId: null, email: 'eve@evil.test', reason: 'unknown-email' },
    { kind: 'anonymous', id: '', email: 'eve@evil.test' },
    '2026-03-05T10:00:00.000Z',
  );
  // A customer's own doing is not audited.
  await given(
    `customer-${crypto.randomUUID()}`,
    'CustomerSignedIn',
    { rememberMe: false },
    { kind: 'customer', id: 'c1', email: 'c@labshop.test' },
    '2026-03-06T10:00:00.000Z',
  );
});
afterAll(async () => {
  await projectors?.stop();
  await queries?.close();
  await stores?.drop();
});

const get = (url: string, headers: Record<string, string> = admin) =>
  queries.inject({ method: 'GET', url, headers: { [POSITION_HEADER]: lastPosition, ...headers } });

describe('audit log query', () => {
  it('answers every admin action and failed sign-in newest first: who, when, what before → after, from where', async () => {
    const response = await get('/api/admin/audit');
    expect(response.statusCode).toBe(200);
    const { entries, total } = response.json();
    expect(total).toBe(5);
    expect(
      entries.map((entry: { action: string; actor: { email: string } }) => [entry.action, entry.actor.email]),
    ).toEqual([
      ['admin-sign-in-failed', 'eve@evil.test'],
      ['product-renamed', TEST_ADMIN.email],
      ['subproduct-created', BOB.email],
      ['product-renamed', BOB.email],
      ['product-created', TEST_ADMIN.email],
    ]);
    expect(entries[1]).toMatchObject({
      at: '2026-03-04T10:00:00.000Z',
      actor: { kind: 'admin', id: TEST_ADMIN.id, email: TEST_ADMIN.email },
      entityType: 'product',
      entityId: productId,
      eventType: 'ProductRenamed',
      changes: [{ field: 'name', before: '=HYPERLINK("http://evil.test","Click")', after: 'Mycoplasma Detection' }],
      ip: '198.51.100.23',
      userAgent: 'AuditTest/2.0',
    });
  });

  it('filters by admin, entity type, entity, action and time, and pages', async () => {
    const actions = async (query: string) =>
      (await get(`/api/admin/audit?${query}`)).json().entries.map((entry: { action: string }) => entry.action);
    expect(await actions(`actor=${encodeURIComponent('BOB@labshop.test')}`)).toEqual([
      'subproduct-created',
      'product-renamed',
    ]);
    expect(await actions(`actor=${BOB.id}&entityType=product`)).toEqual(['product-renamed']);
    expect(await actions(`entityType=product&entityId=${productId}&action=product-renamed`)).toEqual([
      'product-renamed',
      'product-renamed',
    ]);
    expect(
      await actions(`from=2026-03-02T10:00:00.000Z&to=${encodeURIComponent('2026-03-03T05:00:00-05:00')}`),
    ).toEqual(['subproduct-created', 'product-renamed']);
    const second = (await get('/api/admin/audit?pageSize=2&page=2')).json();
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(second.entries.map((entry: { action: string }) => entry.action)).toEqual([
      'subproduct-created',
      'product-renamed',
    ]);
  });

  it('refuses bad filters with field messages', async () => {
    const response = await get('/api/admin/audit?from=yesterday&pageSize=500');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      from: 'From must be a date and time (ISO 8601)',
      pageSize: 'Page size is at most 100',
    });
    const reversed = await get('/api/admin/audit?from=2026-03-05T00:00:00Z&to=2026-03-01T00:00:00Z');
    expect(reversed.json().fields).toEqual({ to: 'To must not be before From' });
  });

  it('exports the filtered log as CSV, one line per changed field, formulas defused', async () => {
    const response = await get(`/api/admin/audit.csv?entityId=${productId}&action=product-renamed`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"Time","Admin","Admin id","Actor kind","Entity type","Entity","Action","Field","Before","After","IP address","User agent","Event id"',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      `"2026-03-04T10:00:00.000Z","${TEST_ADMIN.email}","${TEST_ADMIN.id}","admin","product","${productId}","product-renamed","name","'=HYPERLINK(""http://evil.test"",""Click"")","Mycoplasma Detection","198.51.100.23","AuditTest/2.0"`,
    );
    expect(lines[2]).toContain(`"name","Mycoplasma","'=HYPERLINK(""http://evil.test"",""Click"")"`);
  });

  it('is for admins only: a customer token gets 403, no token 401', async () => {
    const customer = await sessionOf(tokens, { kind: 'customer', id: 'c1', email: 'c@labshop.test' });
    for (const url of ['/api/admin/audit', '/api/admin/audit.csv']) {
      expect((await get(url, customer)).statusCode).toBe(403);
      expect((await get(url, {})).statusCode).toBe(401);
    }
  });
});
