import { serviceEventTypes, type ServiceEvent } from '@labshop/contracts/content/services-events';
import { exhaustive } from '@labshop/contracts/exhaustive';
import { servicesReadModel, type ServiceDocument } from '@labshop/contracts/content/services-queries';
import { eventGuard } from '@labshop/contracts/every-event-type';
import type { Projection } from '@labshop/platform/read-store/projection';

const isServiceEvent = eventGuard<ServiceEvent>(serviceEventTypes);

export const services: Projection<ServiceDocument> = {
  ...servicesReadModel,
  version: 1,

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
