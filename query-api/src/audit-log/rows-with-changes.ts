import {
  auditEntityId,
  type AuditEntity,
  type AuditLogDocument,
  type AuditRow,
} from '@labshop/contracts/admins/audit-log-queries';
import type { Collection } from '@labshop/platform/read-store/port';
import type { AuditLogEntry } from '@labshop/contracts/admins/audit-log-queries';

/**
 * Audit rows with their field changes, which their entities' documents keep. Each entity is read once
 * per `entities` cache (a CSV export passes one cache for all its pages).
 */
export async function rowsWithChanges(
  collection: Collection<AuditLogDocument>,
  rows: readonly AuditRow[],
  entities = new Map<string, Promise<AuditLogDocument | null>>(),
): Promise<AuditLogEntry[]> {
  const entityOf = (row: AuditRow) => {
    const id = auditEntityId(row);
    let entity = entities.get(id);
    if (!entity) entities.set(id, (entity = collection.get(id)));
    return entity;
  };
  return Promise.all(
    rows.map(async (row) => {
      const entity = await entityOf(row);
      return {
        eventId: row.eventId,
        at: row.at,
        actor: { kind: row.actorKind, id: row.actorId, email: row.actorEmail },
        entityType: row.entityType,
        entityId: row.entityId,
        action: row.action,
        eventType: row.eventType,
        changes: (entity?.kind === 'entity' && (entity as AuditEntity).changes[row.eventId]) || [],
        ip: row.ip,
        userAgent: row.userAgent,
      };
    }),
  );
}
