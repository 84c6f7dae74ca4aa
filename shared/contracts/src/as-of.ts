import { z } from 'zod';

/**
 * Time travel: one entity's state as of a moment, folded from its event streams up to that moment with
 * the fold its decider or read model uses (GET /api/admin/as-of/:entityType/:entityId?at=…).
 */
export const asOfEntityTypes = ['order', 'product', 'subproduct', 'detail', 'service'] as const;

export const asOfParams = z.strictObject({
  entityType: z.enum(asOfEntityTypes, { error: 'Choose an order, product, subproduct, detail or service' }),
  entityId: z.string().trim().min(1, 'Entity is required').max(200, 'Entity is too long'),
});

export const asOfQuery = z.strictObject({
  at: z.iso.datetime({ offset: true, error: 'At must be a date and time (ISO 8601)' }),
});

export const asOfResponse = z.object({
  entityType: z.enum(asOfEntityTypes),
  entityId: z.string(),
  at: z.string(),
  state: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('The entity as it stood then; null when it did not exist yet (or no longer)'),
  eventsFolded: z.number().int().describe('Events of its streams up to that moment'),
  lastChangeAt: z.string().nullable().describe('When the last of those events happened'),
});

export type AsOfEntityType = (typeof asOfEntityTypes)[number];
