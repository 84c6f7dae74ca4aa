import { z } from 'zod';
import { pageParams, pagePosition } from '../paging.ts';

/**
 * The audit log as the query API answers it (GET /api/admin/audit, its CSV, and each entity's History
 * panel, which is the same query filtered to one entity). The frontend derives its types with z.infer.
 */

const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601)` }).optional();
const filterText = (label: string, max: number) =>
  z.string().trim().min(1, `${label} must not be empty`).max(max, `${label} is too long`).optional();

/** The log's filters, each optional; `from` and `to` are instants, both included. */
export const auditLogFilters = z.strictObject({
  actor: filterText('Admin', 254).describe("An admin's email (any case) or id; for a failed sign-in, the email tried"),
  entityType: filterText('Entity type', 60).describe(
    'order, product, subproduct, detail, admin, … (the stream category for features without one)',
  ),
  entityId: filterText('Entity', 200),
  action: filterText('Action', 100).describe(
    'The event type in kebab case: product-renamed, order-confirmed, admin-sign-in-failed, …',
  ),
  from: instant('From'),
  to: instant('To'),
});

const page = pageParams({ maxPageSize: 100, defaultPageSize: 25 });

const fromBeforeTo = <T extends { from?: string | undefined; to?: string | undefined }>({ from, to }: T) =>
  !from || !to || Date.parse(from) <= Date.parse(to);

export const auditLogQuery = auditLogFilters
  .extend(page)
  .refine(fromBeforeTo, { message: 'To must not be before From', path: ['to'] });
export const auditLogCsvQuery = auditLogFilters.refine(fromBeforeTo, {
  message: 'To must not be before From',
  path: ['to'],
});

export const auditChange = z.object({
  field: z.string(),
  before: z
    .unknown()
    .describe(
      'JSON value as stored (cents for prices, a stored file, …); null when unknown or none; "[redacted]" for secrets',
    ),
  after: z.unknown(),
});

export const auditLogEntry = z.object({
  eventId: z.string(),
  at: z.string(),
  actor: z.object({
    kind: z.string().describe('admin, system, or anonymous for a failed sign-in'),
    id: z.string(),
    email: z.string(),
  }),
  entityType: z.string(),
  entityId: z.string(),
  action: z.string(),
  eventType: z.string(),
  changes: z.array(auditChange),
  ip: z
    .string()
    .nullable()
    .describe('The client address; null for events written before addresses were kept, or outside a request'),
  userAgent: z.string().nullable(),
});

export const auditLogResponse = z.object({
  entries: z.array(auditLogEntry).describe('Newest first'),
  ...pagePosition,
});

export type AuditLogFilters = z.infer<typeof auditLogFilters>;
export type AuditLogEntry = z.infer<typeof auditLogEntry>;
export type AuditChange = z.infer<typeof auditChange>;
