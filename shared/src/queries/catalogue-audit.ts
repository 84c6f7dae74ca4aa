import { z } from 'zod';

/** Response shape of the back office's history query (the catalogue-audit read model, newest entry first). */

export const auditedEntityType = z.enum(['product', 'subproduct', 'detail']);

const entity = z.object({ entityType: auditedEntityType, entityId: z.string() });

export const auditChange = z.object({
  field: z.string(),
  before: z.unknown().describe('JSON value as stored: cents for prices, arrays for price tiers, a stored file or null for files'),
  after: z.unknown(),
});

export const auditEntry = z.object({
  at: z.string(),
  actor: z.object({ id: z.string(), email: z.string() }),
  action: z.string(),
  changes: z.array(auditChange),
  via: entity.optional().describe('The deleted parent that took this item with it'),
});

export const catalogueAuditResponse = entity.extend({
  deleted: z.boolean(),
  entries: z.array(auditEntry).describe('Newest first'),
});
