import type { RecordedEvent } from '@labshop/shared/event-store/port';
import type { StoredDocument } from '@labshop/shared/read-store/port';
import { anyCatalogueEventTypes, detailFieldNames, type AnyCatalogueEvent } from '@labshop/shared/events/catalogue';
import { exhaustive } from '@labshop/shared/exhaustive';
import type { Projection } from '../projection.ts';
import { sameValue } from '@labshop/shared/same-value';

export type AuditedEntity = 'product' | 'subproduct' | 'detail';

export type AuditAction =
  | 'created'
  | 'updated'
  | 'content-changed'
  | 'shown'
  | 'hidden'
  | 'reordered'
  | 'file-attached'
  | 'file-removed'
  | 'deleted';

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface AuditEntry {
  at: string;
  actor: { id: string; email: string };
  action: AuditAction;
  changes: FieldChange[];
  /** Set when the entity went with a deleted parent. */
  via?: { entityType: AuditedEntity; entityId: string };
}

/**
 * The admin history of one product, subproduct or detail: who changed what and when, each change
 * as before → after. `current` holds the last-known values, the "before" of the next change (events
 * like DetailUpdated carry only the new values).
 */
export interface CatalogueAudit extends StoredDocument {
  entityType: AuditedEntity;
  entityId: string;
  /** The entity's product (the product itself for a product): a deleted product's whole tree is found by it. */
  productId: string;
  /** The entity's subproduct (the subproduct itself for a subproduct); null for a product. */
  subproductId: string | null;
  deleted: boolean;
  current: Record<string, unknown>;
  entries: AuditEntry[];
}

export const auditDocumentId = (entityType: AuditedEntity, entityId: string) => `${entityType}:${entityId}`;

type AuditEvent = RecordedEvent & AnyCatalogueEvent;
const auditedTypes: ReadonlySet<string> = new Set(anyCatalogueEventTypes);
const isAuditEvent = (event: RecordedEvent): event is AuditEvent => auditedTypes.has(event.type);

export const catalogueAudit: Projection<CatalogueAudit> = {
  name: 'catalogue-audit',
  version: 1,

  async documentIds(event, documents) {
    if (!isAuditEvent(event)) return [];
    switch (event.type) {
      case 'ProductsReordered':
        return event.data.productIds.map((id) => auditDocumentId('product', id));
      case 'SubproductsReordered':
        return event.data.subproductIds.map((id) => auditDocumentId('subproduct', id));
      case 'DetailsReordered':
        return event.data.detailIds.map((id) => auditDocumentId('detail', id));
      // Nothing is appended under a deleted parent: its whole tree is found here and marked deleted.
      case 'ProductDeleted':
        return (await documents.find({ where: { productId: event.data.productId } })).map((document) => document.id);
      case 'SubproductDeleted':
        return (await documents.find({ where: { subproductId: event.data.subproductId } })).map((document) => document.id);
      case 'ProductCreated':
      case 'ProductRenamed':
      case 'ProductVisibilityChanged':
      case 'ProductContentChanged':
        return [auditDocumentId('product', event.data.productId)];
      case 'SubproductCreated':
      case 'SubproductRenamed':
      case 'SubproductVisibilityChanged':
        return [auditDocumentId('subproduct', event.data.subproductId)];
      default:
        return [auditDocumentId('detail', event.data.detailId)];
    }
  },

  project(audit, event) {
    if (!isAuditEvent(event)) return audit;
    const entry = (action: AuditAction, changes: FieldChange[], via?: AuditEntry['via']): AuditEntry => ({
      at: event.metadata.occurredAt,
      actor: { id: event.metadata.actor.id, email: event.metadata.actor.email },
      action,
      changes,
      ...(via && { via }),
    });

    switch (event.type) {
      case 'ProductCreated': {
        const { productId, name, displayOrder } = event.data;
        return created('product', productId, productId, null, { name, visible: true, displayOrder, content: '' }, entry);
      }
      case 'SubproductCreated': {
        const { productId, subproductId, name, displayOrder } = event.data;
        return created('subproduct', subproductId, productId, subproductId, { name, visible: true, displayOrder }, entry);
      }
      case 'DetailCreated': {
        const { productId, subproductId, detailId, displayOrder, fields } = event.data;
        const files = { image: null, manualPdf: null, flyerPdf: null, technicalNotesPdf: null };
        return created('detail', detailId, productId, subproductId, { ...fields, visible: true, displayOrder, ...files }, entry);
      }
      case 'ProductRenamed':
      case 'SubproductRenamed':
        return audit && changed(audit, 'updated', { name: event.data.name }, entry);
      case 'ProductVisibilityChanged':
      case 'SubproductVisibilityChanged':
      case 'DetailVisibilityChanged':
        return audit && changed(audit, event.data.visible ? 'shown' : 'hidden', { visible: event.data.visible }, entry);
      case 'ProductsReordered':
      case 'SubproductsReordered':
      case 'DetailsReordered': {
        if (!audit) return null;
        const order = 'productIds' in event.data ? event.data.productIds : 'subproductIds' in event.data ? event.data.subproductIds : event.data.detailIds;
        return changed(audit, 'reordered', { displayOrder: order.indexOf(audit.entityId) }, entry);
      }
      case 'ProductContentChanged':
        return audit && changed(audit, 'content-changed', { content: event.data.content }, entry);
      case 'DetailUpdated': {
        if (!audit) return null;
        const values = Object.fromEntries(detailFieldNames.filter((field) => field in event.data.changes).map((field) => [field, event.data.changes[field]]));
        return changed(audit, 'updated', values, entry);
      }
      case 'DetailFileAttached':
        return audit && changed(audit, 'file-attached', { [event.data.slot]: event.data.file }, entry);
      case 'DetailFileRemoved':
        return audit && changed(audit, 'file-removed', { [event.data.slot]: null }, entry);
      case 'ProductDeleted':
        return audit && deleted(audit, entry, 'product', event.data.productId);
      case 'SubproductDeleted':
        return audit && deleted(audit, entry, 'subproduct', event.data.subproductId);
      case 'DetailDeleted':
        return audit && deleted(audit, entry, 'detail', event.data.detailId);
      default:
        return exhaustive(event);
    }
  },
};

type MakeEntry = (action: AuditAction, changes: FieldChange[], via?: AuditEntry['via']) => AuditEntry;
type AuditWithoutPosition = Omit<CatalogueAudit, '_position'>;

function created(
  entityType: AuditedEntity,
  entityId: string,
  productId: string,
  subproductId: string | null,
  values: Record<string, unknown>,
  entry: MakeEntry,
): AuditWithoutPosition {
  const changes = Object.entries(values).map(([field, after]) => ({ field, before: null, after }));
  return {
    id: auditDocumentId(entityType, entityId),
    entityType,
    entityId,
    productId,
    subproductId,
    deleted: false,
    current: values,
    entries: [entry('created', changes)],
  };
}

/** Adds an entry for the values that really differ from the last-known ones; none, no entry. */
function changed(audit: CatalogueAudit, action: AuditAction, values: Record<string, unknown>, entry: MakeEntry): AuditWithoutPosition {
  const changes = Object.entries(values)
    .filter(([field, after]) => !sameValue(audit.current[field] ?? null, after))
    .map(([field, after]) => ({ field, before: audit.current[field] ?? null, after }));
  if (changes.length === 0) return audit;
  return { ...audit, current: { ...audit.current, ...values }, entries: [...audit.entries, entry(action, changes)] };
}

function deleted(audit: CatalogueAudit, entry: MakeEntry, entityType: AuditedEntity, entityId: string): AuditWithoutPosition {
  if (audit.deleted) return audit;
  const via = audit.entityType === entityType && audit.entityId === entityId ? undefined : { entityType, entityId };
  return { ...audit, deleted: true, entries: [...audit.entries, entry('deleted', [], via)] };
}

