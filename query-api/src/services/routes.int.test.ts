import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { givenEvents } from '@labshop/platform/testing/given-events';
import { sessionOf } from '@labshop/platform/testing/sessions';
import { createLogger } from '@labshop/platform/logger';
import { serviceStream, type ServiceEvent, type ServiceFields } from '@labshop/contracts/content/services-events';
import { services } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { buildQueryApp } from '../app.ts';
import { POSITION_HEADER } from '../read-your-writes.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
const projections = [services];
let stores: Awaited<ReturnType<typeof createTestStores>>;
let queries: Awaited<ReturnType<typeof buildQueryApp>>;
let projectors: { stop(): Promise<void> };
let admin: { authorization: string };

beforeAll(async () => {
  stores = await createTestStores();
  queries = await buildQueryApp({ ...stores, tokens, projections });
  projectors = startProjectors({ ...stores, projections, logger: createLogger('silent') });
  admin = await sessionOf(tokens);
});
afterAll(async () => {
  await projectors?.stop();
  await queries?.close();
  await stores?.drop();
});

let lastPosition = '';
async function givenService(
  fields: Partial<ServiceFields> & Pick<ServiceFields, 'heading'>,
  ...then: ServiceEvent['type'][]
) {
  const serviceId = crypto.randomUUID();
  const created: ServiceEvent = {
    type: 'ServiceCreated',
    data: {
      serviceId,
      fields: {
        category: 'Cell Line Identification',
        price: '100',
        order: 1,
        content: '<p>5-7 business days</p>',
        ...fields,
      },
      isActive: true,
    },
  };
  const later = then.map((type) => ({ type, data: { serviceId } }) as ServiceEvent);
  lastPosition = await givenEvents(stores.eventStore, serviceStream(serviceId), [created, ...later]);
  return serviceId;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  queries.inject({ method: 'GET', url, headers: { [POSITION_HEADER]: lastPosition, ...headers } });

describe('services queries', () => {
  it('lists the active services for the storefront in list order, without a session, and the admin every one with its version', async () => {
    const second = await givenService({ heading: 'Exosome production', category: 'Exosome Production', order: 2 });
    const first = await givenService({ heading: 'Plasmid DNA', category: 'Plasmid  Production', order: 1 });
    const hidden = await givenService({ heading: 'Bioassays', order: 0 }, 'ServiceDeactivated');
    const gone = await givenService({ heading: 'Gone', order: 0 }, 'ServiceDeleted');

    const storefront = await get('/api/services');
    expect(storefront.statusCode).toBe(200);
    expect(storefront.headers['x-labshop-stale']).toBeUndefined();
    const listed = storefront.json().services;
    expect(listed.map((service: { serviceId: string }) => service.serviceId)).toEqual([first, second]);
    expect(listed[0]).toMatchObject({
      heading: 'Plasmid DNA',
      category: 'Plasmid  Production',
      categorySlug: 'plasmid-production',
      price: '100',
      content: '<p>5-7 business days</p>',
    });

    const adminList = (await get('/api/admin/services', admin)).json().services;
    expect(adminList.map((service: { serviceId: string }) => service.serviceId)).toEqual([hidden, first, second]);
    expect(adminList[0]).toMatchObject({ isActive: false, version: 2 });
    expect(adminList.map((service: { serviceId: string }) => service.serviceId)).not.toContain(gone);
  });

  it('answers one active service; an inactive, deleted or unknown one is 404 and a bad id 400', async () => {
    const active = await givenService({ heading: 'Lentivirus packaging', category: 'Lentivirus Packaging' });
    expect((await get(`/api/services/${active}`)).json()).toMatchObject({
      serviceId: active,
      heading: 'Lentivirus packaging',
      categorySlug: 'lentivirus-packaging',
    });
    const inactive = await givenService({ heading: 'Paused' }, 'ServiceDeactivated');
    expect((await get(`/api/services/${inactive}`)).json()).toMatchObject({
      error: 'NotFound',
      message: 'Service not found',
    });
    const deleted = await givenService({ heading: 'Deleted' }, 'ServiceDeleted');
    expect((await get(`/api/services/${deleted}`)).statusCode).toBe(404);
    expect((await get('/api/services/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/services/not-an-id')).json()).toMatchObject({
      error: 'BadRequest',
      fields: { serviceId: 'Service must be a valid id' },
    });
  });

  it('keeps the admin list for admins: 401 anonymous, 403 for a customer', async () => {
    expect((await get('/api/admin/services')).statusCode).toBe(401);
    const customer = await sessionOf(tokens, { kind: 'customer', id: crypto.randomUUID(), email: 'c@example.com' });
    expect((await get('/api/admin/services', customer)).statusCode).toBe(403);
  });
});
