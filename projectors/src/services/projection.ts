import { serviceEventTypes, type ServiceEvent } from '@labshop/contracts/content/services-events';
import { servicesReadModel, type ServiceDocument } from '@labshop/contracts/content/services-queries';
import { evolveService, noService, type FoldedService } from '@labshop/contracts/content/fold-service';
import { eventGuard } from '@labshop/contracts/every-event-type';
import type { Projection } from '@labshop/platform/read-store/projection';

const isServiceEvent = eventGuard<ServiceEvent>(serviceEventTypes);

/** The fold a document was built from (a deleted service has no document). */
function foldedFrom(service: ServiceDocument | null): FoldedService {
  if (!service) return noService();
  const {
    id: _id,
    _position,
    serviceId: _serviceId,
    isActive,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    version,
    ...fields
  } = service;
  return { status: 'listed', fields, isActive, version };
}

/** The service's fold (`evolveService`, the decider's) with the times its events were recorded. */
export const services: Projection<ServiceDocument> = {
  ...servicesReadModel,
  version: 1,

  documentIds(event) {
    return isServiceEvent(event) ? [event.data.serviceId] : [];
  },

  project(document, event) {
    if (!isServiceEvent(event)) return document;
    const service = evolveService(foldedFrom(document), event);
    if (service.status !== 'listed') return null;
    const at = event.metadata.occurredAt;
    const { serviceId } = event.data;
    const { fields, isActive, version } = service;
    return {
      id: serviceId,
      serviceId,
      ...fields,
      isActive,
      createdAt: document?.createdAt ?? at,
      updatedAt: at,
      version,
    };
  },
};
