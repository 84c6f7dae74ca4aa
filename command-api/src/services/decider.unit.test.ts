import { describe, expect, it } from 'vitest';
import { spec } from '@labshop/contracts/testing/decider-spec';
import type { ServiceEvent, ServiceFields } from '@labshop/contracts/content/services-events';
import { serviceDecider } from './decider.ts';

const services = spec(serviceDecider);

const serviceId = '00000000-0000-4000-8000-000000005e01';
const fields: ServiceFields = {
  heading: 'Lentivirus packaging',
  category: 'Lentivirus Packaging',
  price: '100',
  order: 1,
  content: '<p>3-4 weeks</p>',
};
const created: ServiceEvent = { type: 'ServiceCreated', data: { serviceId, fields, isActive: true } };

describe('service decider', () => {
  it('creates a service with its fields and status', () => {
    services
      .given([])
      .when({ type: 'CreateService', serviceId, fields, isActive: false })
      .then([{ type: 'ServiceCreated', data: { serviceId, fields, isActive: false } }]);
  });

  it('refuses a description that sanitising left empty', () => {
    const refused = services
      .given([])
      .when({ type: 'CreateService', serviceId, fields: { ...fields, content: '<p><br></p>' }, isActive: true })
      .refusal();
    expect(refused).toMatchObject({ kind: 'invalid', fields: { content: 'Description is required' } });
    services
      .given([created])
      .when({ type: 'EditService', serviceId, fields: { ...fields, content: '' }, isActive: true })
      .thenThrows('invalid');
  });

  it('refuses a second creation in the same stream', () => {
    services.given([created]).when({ type: 'CreateService', serviceId, fields, isActive: true }).thenThrows('conflict');
  });

  it('records only the fields that changed, and the status as its own event', () => {
    services
      .given([created])
      .when({ type: 'EditService', serviceId, fields: { ...fields, order: 4, heading: 'Lentivirus' }, isActive: false })
      .then([
        { type: 'ServiceUpdated', data: { serviceId, changes: { heading: 'Lentivirus', order: 4 } } },
        { type: 'ServiceDeactivated', data: { serviceId } },
      ]);
    services.given([created]).when({ type: 'EditService', serviceId, fields, isActive: true }).then([]);
  });

  it('toggles the status, and records nothing when it already is so', () => {
    const deactivated: ServiceEvent = { type: 'ServiceDeactivated', data: { serviceId } };
    services.given([created]).when({ type: 'ChangeServiceStatus', serviceId, isActive: false }).then([deactivated]);
    services
      .given([created, deactivated])
      .when({ type: 'ChangeServiceStatus', serviceId, isActive: true })
      .then([{ type: 'ServiceActivated', data: { serviceId } }]);
    services.given([created]).when({ type: 'ChangeServiceStatus', serviceId, isActive: true }).then([]);
  });

  it('counts every event in the version and refuses a command naming an older one', () => {
    const history: ServiceEvent[] = [created, { type: 'ServiceDeactivated', data: { serviceId } }];
    expect(services.given(history).state()).toMatchObject({ version: 2 });
    const stale = services
      .given(history)
      .when({ type: 'EditService', serviceId, fields, isActive: true, expectedVersion: 1 })
      .refusal();
    expect(stale).toMatchObject({ kind: 'conflict', details: { yourVersion: 1, currentVersion: 2 } });
    services
      .given(history)
      .when({ type: 'ChangeServiceStatus', serviceId, isActive: true, expectedVersion: 1 })
      .thenThrows('conflict');
    services.given(history).when({ type: 'DeleteService', serviceId, expectedVersion: 1 }).thenThrows('conflict');
    services
      .given(history)
      .when({ type: 'DeleteService', serviceId, expectedVersion: 2 })
      .then([{ type: 'ServiceDeleted', data: { serviceId } }]);
  });

  it('knows no service before its creation or after its deletion', () => {
    const deleted: ServiceEvent[] = [created, { type: 'ServiceDeleted', data: { serviceId } }];
    for (const history of [[], deleted]) {
      services.given(history).when({ type: 'EditService', serviceId, fields, isActive: true }).thenThrows('not_found');
      services.given(history).when({ type: 'ChangeServiceStatus', serviceId, isActive: false }).thenThrows('not_found');
      services.given(history).when({ type: 'DeleteService', serviceId }).thenThrows('not_found');
    }
    services.given(deleted).when({ type: 'CreateService', serviceId, fields, isActive: true }).thenThrows('conflict');
  });
});
