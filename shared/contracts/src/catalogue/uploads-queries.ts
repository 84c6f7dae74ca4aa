import { z } from 'zod';
import type { StoredDocument } from '../read-model.ts';
import type { StoredFile } from './events.ts';
import type { UploadedProductFields } from './uploads-events.ts';
import { readModel } from '../read-model.ts';

/** Answer shapes of the admin product upload's reads. */
export const uploadedProductView = z.object({
  productId: z.string(),
  productName: z.string(),
  productType: z.string(),
  priceCents: z.number().int(),
  quantity: z.number().int(),
  productUrl: z.string().nullable(),
  innerPackageId: z.string(),
  description: z.string().describe('Sanitised rich HTML'),
  image: z.object({ url: z.string(), name: z.string(), originalName: z.string(), size: z.number().int() }),
  version: z.number().int().describe('Send as expectedVersion when updating; a stale one is answered 409'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const uploadedProductsResponse = z.object({ products: z.array(uploadedProductView).describe('Newest first') });

/** One document per product of the admin upload list (deleted ones are dropped). */
export interface UploadedProduct extends StoredDocument, UploadedProductFields {
  productId: string;
  image: StoredFile;
  /** The number of changes, as the decider counts them: an update carries it as expectedVersion. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

export const uploadedProductsReadModel = readModel<UploadedProduct>('uploaded-products', ['image.name']);
