import type { RecordedEvent } from '@labshop/platform/event-store/port';
import type { AdminEvent } from '@labshop/contracts/admins/events';
import type { CustomerEvent } from '@labshop/contracts/customers/events';
import type { EntityRef } from '@labshop/contracts/admins/audit-log-queries';

/**
 * How the audit log reads any event, whatever feature wrote it: whether it is audited, which entity it
 * is about, what to call the action and which field values it sets. Nothing here names a feature's
 * events except the few lists below, so streams added later are audited as they are written.
 */

/** Streams of this category record attempts on admin accounts by someone not signed in. */
const SECURITY_CATEGORIES: ReadonlySet<string> = new Set(['admin-security']);

/** An admin's or the system's doing, or a security record: customers' and shoppers' own events are not audited. */
export function isAudited(event: RecordedEvent): boolean {
  const { kind } = event.metadata.actor;
  if (kind === 'admin' || kind === 'system') return true;
  // Most events are shoppers' (carts, orders): a stream that does not even start like a security category is not one.
  for (const category of SECURITY_CATEGORIES)
    if (event.stream.startsWith(category)) return SECURITY_CATEGORIES.has(streamEntity(event).entityType);
  return false;
}

/**
 * Streams that hold other entities' events, and the data field naming the entity held: the catalogue's
 * levels (`catalogue` lists products, `product-<id>` its subproducts, `subproduct-<id>` its details) and
 * the email reservations and sign-in failures. An event there naming no such entity is about the stream
 * itself (a product's content, the catalogue's order); in any other stream, every event is about the stream.
 * (Named, not guessed from the data's key order: stored events come back with their keys reordered.)
 */
const HELD_ENTITY: Readonly<Record<string, { field: string; entityType: string }>> = {
  catalogue: { field: 'productId', entityType: 'product' },
  product: { field: 'subproductId', entityType: 'subproduct' },
  subproduct: { field: 'detailId', entityType: 'detail' },
  'admin-email': { field: 'adminId', entityType: 'admin' },
  'admin-security': { field: 'adminId', entityType: 'admin' },
  'customer-email': { field: 'customerId', entityType: 'customer' },
};

/** Events that record a moment (a sign-in), not a change of the entity's fields. */
const MOMENTS: ReadonlySet<string> = new Set([
  'AdminSignedIn',
  'AdminSignInFailed',
  'AdminSignedOut',
  'CustomerSignedIn',
  'CustomerSignedOut',
] satisfies (AdminEvent | CustomerEvent)['type'][]);

/** Values never copied into the audit log: a change of them shows as "[redacted]". */
const SECRET_FIELD = /password|secret|token/i;
export const REDACTED = '[redacted]';

/** `someThingId` → `some-thing`; `OrderPutOnHold` → `order-put-on-hold`. */
export const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

const UUID_OR_HASH = /^(.+?)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{64})$/i;
/** A last dash-separated part with a digit in it is an id (`blog-7`); `admin-security` has none. */
const NUMBERED = /^(.+)-([^-]*[0-9][^-]*)$/;

/** String `…Id` fields of an event's data. */
function idFields(data: Record<string, unknown>): [type: string, id: string][] {
  return Object.entries(data)
    .filter(
      (entry): entry is [string, string] =>
        entry[0].endsWith('Id') && entry[0] !== 'Id' && typeof entry[1] === 'string',
    )
    .map(([field, id]) => [kebab(field.slice(0, -2)), id]);
}

const dataOf = (event: RecordedEvent): Record<string, unknown> =>
  typeof event.data === 'object' && event.data !== null && !Array.isArray(event.data)
    ? (event.data as Record<string, unknown>)
    : {};

/** The stream's category and id: named by a data field (`order-<orderId>`), else by a uuid, hash or numbered suffix, else the stream is its own category. */
export function streamEntity(event: RecordedEvent): EntityRef {
  const named = idFields(dataOf(event)).find(([type, id]) => event.stream === `${type}-${id}`);
  if (named) return { entityType: named[0], entityId: named[1] };
  const match = UUID_OR_HASH.exec(event.stream) ?? NUMBERED.exec(event.stream);
  return match ? { entityType: match[1]!, entityId: match[2]! } : { entityType: event.stream, entityId: '' };
}

/** The last event `auditedEntity` was asked about, and its answer: it is asked three times in a row for each event. */
let lastAsked: { event: RecordedEvent; entity: EntityRef } | null = null;

/** The entity an event is about (frozen: every caller shares it). */
export function auditedEntity(event: RecordedEvent): EntityRef {
  if (lastAsked?.event === event) return lastAsked.entity;
  const stream = streamEntity(event);
  const held = Object.hasOwn(HELD_ENTITY, stream.entityType) ? HELD_ENTITY[stream.entityType]! : null;
  const heldId = held === null ? undefined : dataOf(event)[held.field];
  const entity = Object.freeze(
    held !== null && typeof heldId === 'string' ? { entityType: held.entityType, entityId: heldId } : stream,
  );
  lastAsked = { event, entity };
  return entity;
}

/** The action, named after the event: `ProductRenamed` → `product-renamed`. */
export const auditAction = (event: RecordedEvent) => kebab(event.type);

/**
 * Entities made of rows, each with the field that names an event's row (the first of them the event has): the blog's
 * sections and items; an order's documents (a credit note names the invoice it credits, a receipt the invoice it pays,
 * so their own numbers come first). An event about one row keeps the row's fields as `<rowId>.<field>`, so the whole
 * panel has one history and each row its own before → after: a credit note's amount is never a change of a receipt's.
 */
const ROW_FIELDS: Readonly<Record<string, readonly string[]>> = {
  blog: ['itemId'],
  order: ['creditNoteNumber', 'receiptNumber', 'invoiceNumber', 'documentNumber'],
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ itemId, changes: { … } }`: one item's new values in a list of them (several rows of the blog edited at once). */
function itemChanges(item: unknown): [id: string, changes: Record<string, unknown>] | null {
  if (!isRecord(item) || !isRecord(item.changes)) return null;
  const id = Object.entries(item).find(([field, value]) => field.endsWith('Id') && typeof value === 'string');
  return id ? [id[1] as string, item.changes] : null;
}

/**
 * The field values an event sets on its entity: its data without the entity's own id, with nested
 * `changes` and `fields` objects read as fields, a `slot` naming the field a `file` goes into (none
 * when the event has no file: it was removed), and a list of item changes (`items: [{ itemId, changes }]`)
 * read as `<itemId>.<field>`, as are the fields of one row of an entity made of rows (ROW_FIELDS).
 * Secrets are replaced by REDACTED; moments set nothing.
 */
export function fieldValues(event: RecordedEvent, entity: EntityRef): Record<string, unknown> {
  if (MOMENTS.has(event.type)) return {};
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(dataOf(event))) {
    const items = Array.isArray(value) && value.length > 0 ? value.map(itemChanges) : [];
    if ((field === 'changes' || field === 'fields') && isRecord(value)) Object.assign(values, value);
    else if (items.length > 0 && items.every((item) => item !== null)) {
      for (const [id, changes] of items as [string, Record<string, unknown>][])
        for (const [name, changed] of Object.entries(changes)) values[`${id}.${name}`] = changed;
    } else values[field] = value;
  }
  if (typeof values.slot === 'string') {
    values[values.slot] = values.file ?? null;
    delete values.slot;
    delete values.file;
  }
  // The entity's own id is no field of it (`orderId` of an order, `productId` of an uploaded product).
  for (const [field, value] of Object.entries(values))
    if (field.endsWith('Id') && value === entity.entityId && entity.entityId !== '') delete values[field];
  for (const field of Object.keys(values)) if (SECRET_FIELD.test(field)) values[field] = REDACTED;
  const rowFields = Object.hasOwn(ROW_FIELDS, entity.entityType) ? ROW_FIELDS[entity.entityType]! : [];
  const rowField = rowFields.find((field) => typeof values[field] === 'string');
  const rowId = rowField === undefined ? undefined : (values[rowField] as string);
  if (rowId === undefined) return values;
  return Object.fromEntries(
    Object.entries(values)
      .filter(([field]) => field !== rowField)
      .map(([field, value]) => [`${rowId}.${field}`, value]),
  );
}
