import { z } from 'zod';

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
