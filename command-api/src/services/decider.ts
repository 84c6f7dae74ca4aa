import { DomainError } from '@labshop/contracts/domain-error';
import { hasVisibleContent } from '@labshop/contracts/content/services-commands';
import { serviceFieldNames, type ServiceEvent, type ServiceFields } from '@labshop/contracts/content/services-events';
import { exhaustive } from '@labshop/contracts/exhaustive';
import type { Decider } from '@labshop/contracts/decider';
import { staleEdit } from '../catalogue/stale-edit.ts';

/** `content` is HTML the route has already sanitised. */
export type ServiceCommand =
  | { type: 'CreateService'; serviceId: string; fields: ServiceFields; isActive: boolean }
  | { type: 'EditService'; serviceId: string; fields: ServiceFields; isActive: boolean; expectedVersion?: number }
  | { type: 'ChangeServiceStatus'; serviceId: string; isActive: boolean; expectedVersion?: number }
  | { type: 'DeleteService'; serviceId: string; expectedVersion?: number };

/**
 * One service's stream folded. `version` counts the service's events: the admin list shows it, and
 * an edit naming an older one is refused as stale.
 */
export type ServiceState =
  | { status: 'absent' }
  | { status: 'listed'; fields: ServiceFields; isActive: boolean; version: number }
  | { status: 'deleted'; version: number };

const initialState = (): ServiceState => ({ status: 'absent' });

function evolve(state: ServiceState, event: ServiceEvent): ServiceState {
  switch (event.type) {
    case 'ServiceCreated':
      return { status: 'listed', fields: event.data.fields, isActive: event.data.isActive, version: 1 };
    case 'ServiceUpdated':
      return state.status === 'listed'
        ? { ...state, fields: { ...state.fields, ...event.data.changes }, version: state.version + 1 }
        : state;
    case 'ServiceActivated':
    case 'ServiceDeactivated':
      return state.status === 'listed'
        ? { ...state, isActive: event.type === 'ServiceActivated', version: state.version + 1 }
        : state;
    case 'ServiceDeleted':
      return { status: 'deleted', version: state.status === 'absent' ? 1 : state.version + 1 };
    default:
      return exhaustive(event);
  }
}

function decide(command: ServiceCommand, state: ServiceState): ServiceEvent[] {
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

function current(state: ServiceState, serviceId: string, expectedVersion: number | undefined) {
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

export const serviceDecider: Decider<ServiceState, ServiceCommand, ServiceEvent> = { initialState, evolve, decide };
