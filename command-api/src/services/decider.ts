import { DomainError } from '@labshop/contracts/domain-error';
import { hasVisibleContent } from '@labshop/contracts/content/services-commands';
import { serviceFieldNames, type ServiceEvent, type ServiceFields } from '@labshop/contracts/content/services-events';
import { exhaustive } from '@labshop/contracts/exhaustive';
import { evolveService, noService, type FoldedService } from '@labshop/contracts/content/fold-service';
import type { Decider } from '@labshop/contracts/decider';
import { staleEdit } from '../catalogue/stale-edit.ts';

/** `content` is HTML the route has already sanitised. */
export type ServiceCommand =
  | { type: 'CreateService'; serviceId: string; fields: ServiceFields; isActive: boolean }
  | { type: 'EditService'; serviceId: string; fields: ServiceFields; isActive: boolean; expectedVersion?: number }
  | { type: 'ChangeServiceStatus'; serviceId: string; isActive: boolean; expectedVersion?: number }
  | { type: 'DeleteService'; serviceId: string; expectedVersion?: number };

function decide(command: ServiceCommand, state: FoldedService): ServiceEvent[] {
  const { serviceId } = command;
  switch (command.type) {
    case 'CreateService':
      if (state.status !== 'absent') throw new DomainError('conflict', 'A service with this id already exists');
      requireContent(command.fields.content);
      return [{ type: 'ServiceCreated', data: { serviceId, fields: command.fields, isActive: command.isActive } }];
    case 'EditService': {
      const service = current(state, serviceId, command.expectedVersion);
      requireContent(command.fields.content);
      const changes = changedFields(service.fields, command.fields);
      return [
        ...(Object.keys(changes).length > 0 ? [{ type: 'ServiceUpdated' as const, data: { serviceId, changes } }] : []),
        ...statusChange(service.isActive, command.isActive, serviceId),
      ];
    }
    case 'ChangeServiceStatus':
      return statusChange(current(state, serviceId, command.expectedVersion).isActive, command.isActive, serviceId);
    case 'DeleteService':
      current(state, serviceId, command.expectedVersion);
      return [{ type: 'ServiceDeleted', data: { serviceId } }];
    default:
      return exhaustive(command);
  }
}

function current(state: FoldedService, serviceId: string, expectedVersion: number | undefined) {
  if (state.status !== 'listed') throw new DomainError('not_found', 'Service not found');
  if (expectedVersion !== undefined && expectedVersion !== state.version) {
    throw staleEdit('service', { id: serviceId, yourVersion: expectedVersion, currentVersion: state.version });
  }
  return state;
}

// Sanitising may leave nothing of what the admin sent (a script, say): that is an empty description.
function requireContent(content: string) {
  if (!hasVisibleContent(content))
    throw new DomainError('invalid', 'Description is required', { content: 'Description is required' });
}

function statusChange(isActive: boolean, wanted: boolean, serviceId: string): ServiceEvent[] {
  if (isActive === wanted) return [];
  return [
    wanted ? { type: 'ServiceActivated', data: { serviceId } } : { type: 'ServiceDeactivated', data: { serviceId } },
  ];
}

function changedFields(before: ServiceFields, after: ServiceFields): Partial<ServiceFields> {
  const changes: Partial<ServiceFields> = {};
  for (const name of serviceFieldNames) {
    if (before[name] !== after[name]) Object.assign(changes, { [name]: after[name] });
  }
  return changes;
}

export const serviceDecider: Decider<FoldedService, ServiceCommand, ServiceEvent> = {
  initialState: noService,
  evolve: evolveService,
  decide,
};
