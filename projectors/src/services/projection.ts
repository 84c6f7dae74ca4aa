import type { RecordedEvent } from '@labshop/shared/event-store/port';
import type { StoredDocument } from '@labshop/shared/read-store/port';
import { serviceEventTypes, type ServiceEvent, type ServiceFields } from '@labshop/shared/events/services';
import { exhaustive } from '@labshop/shared/exhaustive';
import type { Projection } from '../projection.ts';

/** One document per service (deleted ones removed): the storefront reads the active ones, the back office all. */
export interface ServiceDocument extends StoredDocument, ServiceFields {
  serviceId: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  /** The number of the service's events: what an admin's edit names as expectedVersion. */
  version: number;
}

const isServiceEvent = (event: RecordedEvent): event is RecordedEvent & ServiceEvent => (serviceEventTypes as readonly string[]).includes(event.type);

export const services: Projection<ServiceDocument> = {
  name: 'services',
  version: 1,
  indexedFields: ['isActive'],

  documentIds(event) {
    return isServiceEvent(event) ? [event.data.serviceId] : [];
  },

  project(service, event) {
    if (!isServiceEvent(event)) return service;
    const at = event.metadata.occurredAt;
    // The stream holds only this service's events, so its revision counts them (0-based).
    const version = event.revision + 1;
    switch (event.type) {
      case 'ServiceCreated': {
        const { serviceId, fields, isActive } = event.data;
        return { id: serviceId, serviceId, ...fields, isActive, createdAt: at, updatedAt: at, version };
      }
      case 'ServiceUpdated':
        return service && { ...service, ...event.data.changes, updatedAt: at, version };
      case 'ServiceActivated':
      case 'ServiceDeactivated':
        return service && { ...service, isActive: event.type === 'ServiceActivated', updatedAt: at, version };
      case 'ServiceDeleted':
        return null;
      default:
        return exhaustive(event);
    }
  },
};
