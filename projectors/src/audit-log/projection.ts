import type { RecordedEvent } from '@labshop/platform/event-store/port';
import { sameValue } from '@labshop/contracts/same-value';
import { erasedValue, orderOwnedPaths } from '@labshop/platform/event-store/personal-data/personal-fields';
import {
  auditEntityId,
  auditLogReadModel,
  auditRowId,
  type AuditEntity,
  type AuditLogDocument,
  type AuditRow,
  type EntityRef,
  type FieldChange,
} from '@labshop/contracts/admins/audit-log-queries';
import type { Projection } from '@labshop/platform/read-store/projection';
import { auditAction, auditedEntity, fieldValues, isAudited, REDACTED } from './audited-event.ts';

/**
 * The audit log: every admin and system action and every failed admin sign-in, over every stream,
 * features added later included (see audited-event.ts for how an event is read).
 */
export const auditLog: Projection<AuditLogDocument> = {
  ...auditLogReadModel,
  // 2: the blog's rows and lists of item changes read field by field; any field holding the entity's own id left out.
  // 3: a change's note (reason, reference) compares only with the same kind of change's.
  // 4: an order's documents are its rows (a credit note's amount is no change of a receipt's).
  // 5: an erased customer's order scrubs what staff typed in its documents' rows too (a credit note's reason).
  version: 5,

  documentIds(event) {
    if (!isAudited(event)) return [];
    return [
      auditEntityId(auditedEntity(event)),
      auditRowId(event.id),
      ...erasedOrderIds(event).map((orderId) => auditEntityId({ entityType: 'order', entityId: orderId })),
    ];
  },

  project(document, event, id) {
    const entity = auditedEntity(event);
    if (
      document?.kind === 'entity' &&
      document.entityType === 'order' &&
      erasedOrderIds(event).includes(document.entityId)
    )
      return erasedOrderEntity(document);
    if (id === auditRowId(event.id)) return document ?? row(event, entity);
    return changedEntity(document?.kind === 'entity' ? document : null, event, entity);
  },
};

function row(event: RecordedEvent, entity: EntityRef): Omit<AuditRow, '_position'> {
  const { actor, occurredAt, ip, userAgent } = event.metadata;
  return {
    id: auditRowId(event.id),
    kind: 'row',
    ...entity,
    eventId: event.id,
    position: event.position,
    at: occurredAt,
    eventType: event.type,
    action: auditAction(event),
    actorKind: actor.kind,
    actorId: actor.id,
    actorEmail: actor.email,
    ip: ip ?? null,
    userAgent: userAgent ?? null,
  };
}

/**
 * Fields that note why or how one change was made (a hold's reason, a credit note's reason, a payment's
 * reference), not a property of the entity: one compares only with the same kind of change's earlier
 * value, so a credit note's reason never reads as a change of an earlier hold's.
 */
const CHANGE_NOTES: ReadonlySet<string> = new Set(['reason', 'reference']);

/** Where the entity keeps a field's last-known value: its own name, or with the kind of change for a change's note. */
const knownAs = (event: RecordedEvent, field: string) => (CHANGE_NOTES.has(field) ? `${event.type}:${field}` : field);

/** The values that really differ from the last-known ones (a secret always counts as changed, it is not kept to compare). */
function changedEntity(
  document: AuditEntity | null,
  event: RecordedEvent,
  entity: EntityRef,
): Omit<AuditEntity, '_position'> {
  const base: Omit<AuditEntity, '_position'> = document ?? {
    id: auditEntityId(entity),
    kind: 'entity',
    ...entity,
    current: {},
    changes: {},
  };
  const values = fieldValues(event, entity);
  const changes = Object.entries(values)
    .map(([field, after]) => ({ field, before: base.current[knownAs(event, field)] ?? null, after }))
    .filter(({ before, after }) => after === REDACTED || !sameValue(before, after));
  if (changes.length === 0) return base;
  const known = Object.fromEntries(Object.entries(values).map(([field, value]) => [knownAs(event, field), value]));
  return { ...base, current: { ...base.current, ...known }, changes: { ...base.changes, [event.id]: changes } };
}

/** The orders a CustomerErased names: what staff typed into them was sealed with the customer's key. */
const erasedOrderIds = (event: RecordedEvent): string[] =>
  event.type === 'CustomerErased' ? ((event.data as { orderIds?: string[] }).orderIds ?? []) : [];

const STAFF_TYPED_FIELDS: ReadonlySet<string> = new Set(Object.values(orderOwnedPaths).flat());

/**
 * An order's history once its customer was erased, as a rebuild reads it: the text staff typed (reasons,
 * payment references) reads blank, and a change that is no change then (one reason replacing another) is gone.
 */
function erasedOrderEntity(document: AuditEntity): Omit<AuditEntity, '_position'> {
  // A field is named by its last part: `current` keeps a change's note under its kind of change (knownAs:
  // 'OrderPutOnHold:reason'), and a document's fields under its number ('CN-…-1.reason').
  const erase = (key: string, value: unknown) => {
    const field = key.slice(Math.max(key.lastIndexOf(':'), key.lastIndexOf('.')) + 1);
    return STAFF_TYPED_FIELDS.has(field) && typeof value === 'string' ? erasedValue(field) : value;
  };
  const current = Object.fromEntries(Object.entries(document.current).map(([key, value]) => [key, erase(key, value)]));
  const changes: Record<string, FieldChange[]> = {};
  for (const [eventId, list] of Object.entries(document.changes)) {
    const kept = list
      .map((change) => ({
        field: change.field,
        before: erase(change.field, change.before),
        after: erase(change.field, change.after),
      }))
      .filter((change) => change.after === REDACTED || !sameValue(change.before ?? null, change.after));
    if (kept.length > 0) changes[eventId] = kept;
  }
  return { ...document, current, changes };
}
