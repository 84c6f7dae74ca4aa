import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogReadModel, type AuditLogDocument, type AuditRow } from '@labshop/contracts/admins/audit-log-queries';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import type { Collection, FieldCondition, Query } from '@labshop/platform/read-store/port';
import {
  auditLogCsvQuery,
  auditLogQuery,
  auditLogResponse,
  type AuditLogEntry,
  type AuditLogFilters,
} from '@labshop/contracts/admins/audit-log-queries';
import type { ReadModels } from '../read-models.ts';
import { csvLine } from './csv.ts';
import { rowsWithChanges } from './rows-with-changes.ts';

export interface AuditLogQueryDeps {
  readModels: ReadModels;
  tokens: TokenService;
}

/** The filters as a read-store query: equality and one string range, which both read stores answer. */
function filterOf({ actor, entityType, entityId, action, from, to }: AuditLogFilters): Pick<Query, 'where'> {
  const where: Record<string, FieldCondition> = { kind: 'row' };
  if (actor) {
    if (actor.includes('@')) where.actorEmail = actor.toLowerCase();
    else where.actorId = actor;
  }
  if (entityType) where.entityType = entityType;
  if (entityId) where.entityId = entityId;
  if (action) where.action = action;
  if (from || to)
    where.at = { ...(from && { $gte: new Date(from).toISOString() }), ...(to && { $lte: new Date(to).toISOString() }) };
  return { where };
}

const NEWEST_FIRST = [{ field: 'position', direction: 'desc' }] as const;
const CSV_BATCH = 500;
const CSV_HEADER = [
  'Time',
  'Admin',
  'Admin id',
  'Actor kind',
  'Entity type',
  'Entity',
  'Action',
  'Field',
  'Before',
  'After',
  'IP address',
  'User agent',
  'Event id',
];

const cellOf = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** One CSV line per changed field (a row without changes still gets one line). */
function csvLines(entry: AuditLogEntry): string {
  const lead = [
    entry.at,
    entry.actor.email,
    entry.actor.id,
    entry.actor.kind,
    entry.entityType,
    entry.entityId,
    entry.action,
  ];
  const tail = [entry.ip ?? '', entry.userAgent ?? '', entry.eventId];
  const changes = entry.changes.length > 0 ? entry.changes : [null];
  return changes
    .map((change) => csvLine([...lead, change?.field ?? '', cellOf(change?.before), cellOf(change?.after), ...tail]))
    .join('');
}

async function* csvOf(
  collection: Collection<AuditLogDocument> | null,
  filter: Pick<Query, 'where'>,
): AsyncGenerator<string> {
  yield csvLine(CSV_HEADER);
  if (!collection) return;
  const entities = new Map<string, Promise<AuditLogDocument | null>>();
  for (let skip = 0; ; skip += CSV_BATCH) {
    const rows = (await collection.find({ ...filter, sort: NEWEST_FIRST, skip, limit: CSV_BATCH })) as AuditRow[];
    for (const entry of await rowsWithChanges(collection, rows, entities)) yield csvLines(entry);
    if (rows.length < CSV_BATCH) return;
  }
}

function sendCsv(reply: FastifyReply, lines: AsyncGenerator<string>) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines));
}

/**
 * The audit log: every admin and system action and every failed admin sign-in, filtered, a page at a
 * time or all of it as CSV. Each entity's History panel is this query filtered to the entity. Admins only.
 */
export const auditLogQueries: FastifyPluginAsyncZod<AuditLogQueryDeps> = async (app, { readModels, tokens }) => {
  /** Both routes: admins only, over the audit log (a reader's own write waited for), documented together. */
  const route = { config: { readModels: [auditLogReadModel] }, onRequest: requireRole(tokens, 'admin') };
  const docs = { tags: ['audit', 'admin'], security: [{ bearer: [] }] };

  app.get(
    '/api/admin/audit',
    {
      ...route,
      schema: {
        ...docs,
        summary:
          'The audit log, newest first, filtered (admin, entity type, entity, action, from/to), a page at a time: who, when, what (each field before → after), from where',
        querystring: auditLogQuery,
        response: { 200: auditLogResponse, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const collection = await readModels.collection(auditLogReadModel);
      if (!collection) return { entries: [], total: 0, page, pageSize };
      const filter = filterOf(request.query);
      const { documents, total } = await collection.findPage({
        ...filter,
        sort: NEWEST_FIRST,
        skip: (page - 1) * pageSize,
        limit: pageSize,
      });
      return { entries: await rowsWithChanges(collection, documents as AuditRow[]), total, page, pageSize };
    },
  );

  app.get(
    '/api/admin/audit.csv',
    {
      ...route,
      schema: {
        ...docs,
        summary:
          'The filtered audit log as CSV (text/csv), newest first, one line per changed field; cells a spreadsheet would run as formulas are prefixed with an apostrophe',
        querystring: auditLogCsvQuery,
        response: errors(400, 401, 403),
      },
    },
    async (request, reply) =>
      sendCsv(reply, csvOf(await readModels.collection(auditLogReadModel), filterOf(request.query))),
  );
};
