import { z } from 'zod';
import { pageParams, pagePosition } from '../paging.ts';
import { readModel, type StoredDocument } from '../read-model.ts';

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

/* The audit-log read model's documents, which the routes above are answered from. */

/** What an audited event is about: its entity's type and id (`order` and the order's id, say). */
export interface EntityRef {
  entityType: string;
  entityId: string;
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * One row of the audit log per audited event: who, when, what, from where. Rows are what the log's
 * filters, sorting and paging query; the row's field changes are kept in its entity's document (the
 * row cannot know them: a document is projected from the event alone) and joined when read.
 */
export interface AuditRow extends StoredDocument, EntityRef {
  kind: 'row';
  eventId: string;
  /** The event's global position: rows sort by it, newest first. */
  position: string;
  at: string;
  eventType: string;
  action: string;
  actorKind: string;
  actorId: string;
  actorEmail: string;
  ip: string | null;
  userAgent: string | null;
}

/**
 * What the audit log knows of one entity: its last-known field values (the "before" of its next
 * change; most events carry only the new values) and each audited event's changes, by event id.
 */
export interface AuditEntity extends StoredDocument, EntityRef {
  kind: 'entity';
  current: Record<string, unknown>;
  changes: Record<string, FieldChange[]>;
}

export type AuditLogDocument = AuditRow | AuditEntity;

export const auditRowId = (eventId: string) => `row:${eventId}`;
export const auditEntityId = ({ entityType, entityId }: EntityRef) => `entity:${entityType}:${entityId}`;

/**
 * The audit-log read model, rows and entities (the projectors build it, the query API reads it). Not indexed by
 * `kind`: every query asks for rows, four documents in five, which no index narrows (it cost a rebuild seconds).
 */
export const auditLogReadModel = readModel<AuditLogDocument>('audit-log', [
  'actorId',
  'actorEmail',
  'entityType',
  'entityId',
  'action',
]);
