import { everyEventType } from '../every-event-type.ts';

/**
 * Events of the custom research services the shop advertises. Each service is its own stream
 * `service-<serviceId>`, so an edit is conflict-checked against that service's history alone.
 * `content` is HTML already sanitised by the command API (shared/platform/src/rich-text.ts).
 */
export const serviceStream = (serviceId: string) => `service-${serviceId}`;

/** What an admin types into the service form (everything but the status). */
export interface ServiceFields {
  heading: string;
  category: string;
  /** Free text, shown as given (the spec's default is '100'): a service is quoted, not bought. */
  price: string;
  /** Where the service is listed: ascending on the storefront. */
  order: number;
  content: string;
}

export const serviceFieldNames = [
  'heading',
  'category',
  'price',
  'order',
  'content',
] as const satisfies readonly (keyof ServiceFields)[];

export type ServiceEvent =
  | { type: 'ServiceCreated'; data: { serviceId: string; fields: ServiceFields; isActive: boolean } }
  /** Only the fields whose value changed. */
  | { type: 'ServiceUpdated'; data: { serviceId: string; changes: Partial<ServiceFields> } }
  | { type: 'ServiceActivated'; data: { serviceId: string } }
  | { type: 'ServiceDeactivated'; data: { serviceId: string } }
  | { type: 'ServiceDeleted'; data: { serviceId: string } };

export type ServiceEventType = ServiceEvent['type'];

export const serviceEventTypes = everyEventType<ServiceEventType>()([
  'ServiceCreated',
  'ServiceUpdated',
  'ServiceActivated',
  'ServiceDeactivated',
  'ServiceDeleted',
]);
