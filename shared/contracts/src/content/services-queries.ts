import { z } from 'zod';
import type { StoredDocument } from '../read-model.ts';
import type { ServiceFields } from './services-events.ts';
import { readModel } from '../read-model.ts';

/**
 * Response shapes of the services queries: the query API declares its routes with them, the frontend
 * derives its types from them (z.infer).
 */

/** An active service as the storefront shows it (home list, Services menu, /services, a service page). */
export const storefrontService = z.object({
  serviceId: z.string(),
  heading: z.string(),
  category: z.string(),
  /** The category as it appears in the service page's address: lower case, spaces as hyphens. */
  categorySlug: z.string(),
  price: z.string(),
  order: z.number().int(),
  content: z.string().describe('Rich HTML, sanitised before it was stored'),
  createdAt: z.string(),
});

/** Every active service, in list order (order ascending, then oldest first). */
export const activeServicesResponse = z.object({ services: z.array(storefrontService) });

/** A service in the back office: inactive ones too, with the version an edit must name. */
export const adminService = storefrontService.extend({
  isActive: z.boolean(),
  updatedAt: z.string(),
  version: z
    .number()
    .int()
    .describe(
      'Send as expectedVersion (or If-Match) with an edit, the status toggle or a delete: a stale one answers 409',
    ),
});

export const adminServicesResponse = z.object({ services: z.array(adminService) });

/** The spec's service address segment: the category lower-cased with spaces turned into hyphens. */
export const serviceCategorySlug = (category: string) => category.trim().toLowerCase().replace(/\s+/g, '-');

/** One document per service (deleted ones removed): the storefront reads the active ones, the back office all. */
export interface ServiceDocument extends StoredDocument, ServiceFields {
  serviceId: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  /** The number of the service's events: what an admin's edit names as expectedVersion. */
  version: number;
}

export const servicesReadModel = readModel<ServiceDocument>('services', ['isActive']);
