import type { ServiceEvent, ServiceFields } from './services-events.ts';
import { exhaustive } from '../exhaustive.ts';

/**
 * The one fold of a service's stream: the service decider decides on it and the services read model
 * is built from it, so an edit's stale check and the version the back office shows cannot disagree.
 * `version` counts the service's events: the admin list shows it, and an edit naming an older one is refused.
 */
export type FoldedService =
  | { status: 'absent' }
  | { status: 'listed'; fields: ServiceFields; isActive: boolean; version: number }
  | { status: 'deleted'; version: number };

export const noService = (): FoldedService => ({ status: 'absent' });

export function evolveService(service: FoldedService, event: ServiceEvent): FoldedService {
  switch (event.type) {
    case 'ServiceCreated':
      return { status: 'listed', fields: event.data.fields, isActive: event.data.isActive, version: 1 };
    case 'ServiceUpdated':
      return service.status === 'listed'
        ? { ...service, fields: { ...service.fields, ...event.data.changes }, version: service.version + 1 }
        : service;
    case 'ServiceActivated':
    case 'ServiceDeactivated':
      return service.status === 'listed'
        ? { ...service, isActive: event.type === 'ServiceActivated', version: service.version + 1 }
        : service;
    case 'ServiceDeleted':
      return { status: 'deleted', version: service.status === 'absent' ? 1 : service.version + 1 };
    default:
      return exhaustive(event);
  }
}
