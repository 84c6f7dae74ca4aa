import { describe, expect, it } from 'vitest';
import type { ServiceEvent, ServiceFields } from '@labshop/shared/events/services';
import { refusal } from '@labshop/shared/testing/decider-spec';
import { serviceDecider, type ServiceCommand } from './decider.ts';

const { initialState, evolve, decide } = serviceDecider;
const given = (events: ServiceEvent[]) => events.reduce(evolve, initialState());
const when = (events: ServiceEvent[], command: ServiceCommand) => decide(command, given(events));

const serviceId = '00000000-0000-4000-8000-000000005e01';
const fields: ServiceFields = { heading: 'Lentivirus packaging', category: 'Lentivirus Packaging', price: '100', order: 1, content: '<p>3-4 weeks</p>' };
const created: ServiceEvent = { type: 'ServiceCreated', data: { serviceId, fields, isActive: true } };

describe('service decider', () => {
  it('creates a service with its fields and status', () => {
    expect(when([], { type: 'CreateService', serviceId, fields, isActive: false })).toEqual([
      { type: 'ServiceCreated', data: { serviceId, fields, isActive: false } },
    ]);
  });

  it('refuses a description that sanitising left empty', () => {
    const refused = refusal(() => when([], { type: 'CreateService', serviceId, fields: { ...fields, content: '<p><br></p>' }, isActive: true }));
    expect(refused).toMatchObject({ kind: 'invalid', fields: { content: 'Description is required' } });
    expect(refusal(() => when([created], { type: 'EditService', serviceId, fields: { ...fields, content: '' }, isActive: true })).kind).toBe('invalid');
  });

  it('refuses a second creation in the same stream', () => {
    expect(refusal(() => when([created], { type: 'CreateService', serviceId, fields, isActive: true })).kind).toBe('conflict');
  });

  it('records only the fields that changed, and the status as its own event', () => {
    expect(when([created], { type: 'EditService', serviceId, fields: { ...fields, order: 4, heading: 'Lentivirus' }, isActive: false })).toEqual([
      { type: 'ServiceUpdated', data: { serviceId, changes: { heading: 'Lentivirus', order: 4 } } },
      { type: 'ServiceDeactivated', data: { serviceId } },
    ]);
    expect(when([created], { type: 'EditService', serviceId, fields, isActive: true })).toEqual([]);
  });

  it('toggles the status, and records nothing when it already is so', () => {
    const deactivated: ServiceEvent = { type: 'ServiceDeactivated', data: { serviceId } };
    expect(when([created], { type: 'ChangeServiceStatus', serviceId, isActive: false })).toEqual([deactivated]);
    expect(when([created, deactivated], { type: 'ChangeServiceStatus', serviceId, isActive: true })).toEqual([{ type: 'ServiceActivated', data: { serviceId } }]);
    expect(when([created], { type: 'ChangeServiceStatus', serviceId, isActive: true })).toEqual([]);
  });

  it('counts every event in the version and refuses a command naming an older one', () => {
    const history: ServiceEvent[] = [created, { type: 'ServiceDeactivated', data: { serviceId } }];
    expect(given(history)).toMatchObject({ version: 2 });
    const stale = refusal(() => when(history, { type: 'EditService', serviceId, fields, isActive: true, expectedVersion: 1 }));
    expect(stale).toMatchObject({ kind: 'conflict', details: { yourVersion: 1, currentVersion: 2 } });
    expect(refusal(() => when(history, { type: 'ChangeServiceStatus', serviceId, isActive: true, expectedVersion: 1 })).kind).toBe('conflict');
    expect(refusal(() => when(history, { type: 'DeleteService', serviceId, expectedVersion: 1 })).kind).toBe('conflict');
    expect(when(history, { type: 'DeleteService', serviceId, expectedVersion: 2 })).toEqual([{ type: 'ServiceDeleted', data: { serviceId } }]);
  });

  it('knows no service before its creation or after its deletion', () => {
    const deleted: ServiceEvent[] = [created, { type: 'ServiceDeleted', data: { serviceId } }];
    for (const history of [[], deleted]) {
      expect(refusal(() => when(history, { type: 'EditService', serviceId, fields, isActive: true })).kind).toBe('not_found');
      expect(refusal(() => when(history, { type: 'ChangeServiceStatus', serviceId, isActive: false })).kind).toBe('not_found');
      expect(refusal(() => when(history, { type: 'DeleteService', serviceId })).kind).toBe('not_found');
    }
    expect(refusal(() => when(deleted, { type: 'CreateService', serviceId, fields, isActive: true })).kind).toBe('conflict');
  });
});
