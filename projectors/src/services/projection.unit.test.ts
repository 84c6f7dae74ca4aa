import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@labshop/platform/event-store/port';
import { serviceStream, type ServiceEvent, type ServiceFields } from '@labshop/contracts/content/services-events';
import { recorded, replay } from '../testing/replay.ts';
import { services } from './projection.ts';

const serviceId = '00000000-0000-4000-8000-000000005e01';
const fields: ServiceFields = {
  heading: 'Plasmid DNA manufacturing',
  category: 'Plasmid Production',
  price: '100',
  order: 1,
  content: '<p>Research grade</p>',
};

/** Events of one service's stream, with its revisions. */
const inStream = (events: ServiceEvent[], firstAt = Date.parse('2026-03-01T12:00:00.000Z')): RecordedEvent[] =>
  events.map((event, revision) => ({
    ...recorded(event.type, event.data, new Date(firstAt + revision * 60_000).toISOString()),
    stream: serviceStream(serviceId),
    revision,
  }));

describe('services projection', () => {
  it('keeps a service with its fields, status, creation time and version', async () => {
    const documents = await replay(
      services,
      inStream([
        { type: 'ServiceCreated', data: { serviceId, fields, isActive: true } },
        { type: 'ServiceUpdated', data: { serviceId, changes: { order: 3, price: 'From $900' } } },
        { type: 'ServiceDeactivated', data: { serviceId } },
      ]),
    );
    expect(documents.get(serviceId)).toMatchObject({
      serviceId,
      ...fields,
      order: 3,
      price: 'From $900',
      isActive: false,
      createdAt: '2026-03-01T12:00:00.000Z',
      updatedAt: '2026-03-01T12:02:00.000Z',
      version: 3,
    });
  });

  it('activates again and drops a deleted service', async () => {
    const created: ServiceEvent = { type: 'ServiceCreated', data: { serviceId, fields, isActive: false } };
    const activated = await replay(services, inStream([created, { type: 'ServiceActivated', data: { serviceId } }]));
    expect(activated.get(serviceId)).toMatchObject({ isActive: true, version: 2 });
    const deleted = await replay(services, inStream([created, { type: 'ServiceDeleted', data: { serviceId } }]));
    expect(deleted.size).toBe(0);
  });

  it('ignores other events', async () => {
    expect(
      services.documentIds(recorded('ProductCreated', { productId: serviceId }), {
        get: async () => null,
        find: async () => [],
      }),
    ).toEqual([]);
  });
});
