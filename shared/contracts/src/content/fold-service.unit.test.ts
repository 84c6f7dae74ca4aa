import { describe, expect, it } from 'vitest';
import type { ServiceEvent, ServiceFields } from './services-events.ts';
import { evolveService, noService } from './fold-service.ts';

const serviceId = 'service-1';
const fields: ServiceFields = {
  heading: 'Sequencing',
  category: 'Genomics',
  price: '100',
  order: 1,
  content: '<p>x</p>',
};
const fold = (events: ServiceEvent[]) => events.reduce(evolveService, noService());

const created: ServiceEvent = { type: 'ServiceCreated', data: { serviceId, fields, isActive: false } };

describe('evolveService', () => {
  it('is absent before its first event', () => {
    expect(fold([])).toEqual({ status: 'absent' });
  });

  it('lists a created service as version 1, merges changed fields and counts every event', () => {
    expect(
      fold([
        created,
        { type: 'ServiceUpdated', data: { serviceId, changes: { price: 'From $900', order: 4 } } },
        { type: 'ServiceActivated', data: { serviceId } },
      ]),
    ).toEqual({ status: 'listed', fields: { ...fields, price: 'From $900', order: 4 }, isActive: true, version: 3 });
    expect(fold([created])).toEqual({ status: 'listed', fields, isActive: false, version: 1 });
  });

  it('deactivates', () => {
    const active: ServiceEvent = { ...created, data: { ...created.data, isActive: true } };
    expect(fold([active, { type: 'ServiceDeactivated', data: { serviceId } }])).toMatchObject({
      isActive: false,
      version: 2,
    });
  });

  it('keeps a deleted service deleted, with its version counted', () => {
    const deleted: ServiceEvent = { type: 'ServiceDeleted', data: { serviceId } };
    expect(fold([created, deleted])).toEqual({ status: 'deleted', version: 2 });
    expect(fold([deleted])).toEqual({ status: 'deleted', version: 1 });
    expect(
      fold([
        created,
        deleted,
        { type: 'ServiceUpdated', data: { serviceId, changes: { price: '1' } } },
        { type: 'ServiceActivated', data: { serviceId } },
      ]),
    ).toEqual({ status: 'deleted', version: 2 });
  });

  it('ignores a change to a service never created', () => {
    expect(fold([{ type: 'ServiceUpdated', data: { serviceId, changes: { price: '1' } } }])).toEqual({
      status: 'absent',
    });
  });
});
