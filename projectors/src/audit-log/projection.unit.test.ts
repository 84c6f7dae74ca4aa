import { describe, expect, it } from 'vitest';
import type { ActorKind, RecordedEvent } from '@labshop/platform/event-store/port';
import { replay } from '../testing/replay.ts';
import {
  auditEntityId,
  auditRowId,
  type AuditEntity,
  type AuditRow,
} from '@labshop/contracts/admins/audit-log-queries';
import { auditLog } from './projection.ts';

let position = 0;
const P1 = '11111111-1111-4111-8111-111111111111';
const S1 = '22222222-2222-4222-8222-222222222222';
const D1 = '33333333-3333-4333-8333-333333333333';
const O1 = '44444444-4444-4444-8444-444444444444';
const A1 = '55555555-5555-4555-8555-555555555555';

/** An event as the store records it, by an admin unless told otherwise. */
function event(
  stream: string,
  type: string,
  data: object,
  actor: { kind?: ActorKind; email?: string; id?: string } = {},
  at = '2026-05-01T09:00:00.000Z',
): RecordedEvent {
  position++;
  return {
    id: `e${position}`,
    type,
    stream,
    revision: position,
    position: String(position).padStart(8, '0'),
    data,
    metadata: {
      actor: { kind: actor.kind ?? 'admin', id: actor.id ?? 'admin-1', email: actor.email ?? 'ann@lab.test' },
      correlationId: 'c',
      causationId: 'c',
      occurredAt: at,
      ip: '203.0.113.7',
      userAgent: 'Firefox/130',
    },
  };
}

async function log(events: RecordedEvent[]) {
  const documents = await replay(auditLog, events);
  const rows = [...documents.values()]
    .filter((d): d is AuditRow => d.kind === 'row')
    .sort((a, b) => a.position.localeCompare(b.position));
  const entity = (entityType: string, entityId: string) =>
    documents.get(auditEntityId({ entityType, entityId })) as AuditEntity | undefined;
  const changesOf = (row: AuditRow) => entity(row.entityType, row.entityId)?.changes[row.eventId] ?? [];
  return { rows, entity, changesOf };
}

describe('audit-log projection', () => {
  it('records who, when, what and from where for each admin action, and each change as before → after', async () => {
    const created = event(
      `subproduct-${S1}`,
      'DetailCreated',
      { productId: P1, subproductId: S1, detailId: D1, displayOrder: 0, fields: { quantity: 10, priceCents: 10_000 } },
      {},
      '2026-05-01T09:00:00.000Z',
    );
    const updated = event(
      `subproduct-${S1}`,
      'DetailUpdated',
      { productId: P1, subproductId: S1, detailId: D1, changes: { quantity: 7, priceCents: 10_000 } },
      { email: 'bob@lab.test', id: 'admin-2' },
      '2026-05-02T10:00:00.000Z',
    );
    const { rows, changesOf } = await log([created, updated]);
    expect(rows.map(({ id: _id, _position, position: _, ...row }) => row)).toEqual([
      {
        kind: 'row',
        entityType: 'detail',
        entityId: D1,
        eventId: created.id,
        at: '2026-05-01T09:00:00.000Z',
        eventType: 'DetailCreated',
        action: 'detail-created',
        actorKind: 'admin',
        actorId: 'admin-1',
        actorEmail: 'ann@lab.test',
        ip: '203.0.113.7',
        userAgent: 'Firefox/130',
      },
      {
        kind: 'row',
        entityType: 'detail',
        entityId: D1,
        eventId: updated.id,
        at: '2026-05-02T10:00:00.000Z',
        eventType: 'DetailUpdated',
        action: 'detail-updated',
        actorKind: 'admin',
        actorId: 'admin-2',
        actorEmail: 'bob@lab.test',
        ip: '203.0.113.7',
        userAgent: 'Firefox/130',
      },
    ]);
    expect(changesOf(rows[0]!)).toEqual([
      { field: 'productId', before: null, after: P1 },
      { field: 'subproductId', before: null, after: S1 },
      { field: 'displayOrder', before: null, after: 0 },
      { field: 'quantity', before: null, after: 10 },
      { field: 'priceCents', before: null, after: 10_000 },
    ]);
    // The unchanged price is not a change.
    expect(changesOf(rows[1]!)).toEqual([{ field: 'quantity', before: 10, after: 7 }]);
  });

  it("compares a change's note only with the same kind of change's: a credit note's reason is no change of a hold's", async () => {
    const orderId = '00000000-0000-4000-8000-0000000000c1';
    const held = event(`order-${orderId}`, 'OrderPutOnHold', {
      orderId,
      reason: 'Waiting for credit check',
      heldAt: '2026-05-01T09:00:00.000Z',
    });
    const credited = event(`order-${orderId}`, 'CreditNoteRequested', {
      orderId,
      creditNoteNumber: 'CN-1-1',
      invoiceNumber: 'INV-1',
      amountCents: 4_850,
      reason: 'One flask pack arrived damaged',
      requestedAt: '2026-05-02T09:00:00.000Z',
    });
    const heldAgain = event(`order-${orderId}`, 'OrderPutOnHold', {
      orderId,
      reason: 'Awaiting stock',
      heldAt: '2026-05-03T09:00:00.000Z',
    });
    const { rows, changesOf } = await log([held, credited, heldAgain]);
    expect(changesOf(rows[1]!).find((change) => change.field === 'CN-1-1.reason')).toEqual({
      field: 'CN-1-1.reason',
      before: null,
      after: 'One flask pack arrived damaged',
    });
    expect(changesOf(rows[2]!).find((change) => change.field === 'reason')).toEqual({
      field: 'reason',
      before: 'Waiting for credit check',
      after: 'Awaiting stock',
    });
  });

  it("keeps an order's documents apart: a credit note's amount, a receipt's file are new, never a change of another document's", async () => {
    const orderId = '00000000-0000-4000-8000-0000000000c2';
    const stream = `order-${orderId}`;
    const file = (sha256: string, size: number) => ({ fileName: `${sha256}.pdf`, sha256, size });
    const system = { kind: 'system' as const, id: 'workers' };
    const invoiced = event(
      stream,
      'InvoiceIssued',
      { orderId, invoiceNumber: 'INV-7', ...file('a'.repeat(64), 3314), issuedAt: '2026-05-01T09:00:00.000Z' },
      system,
    );
    const receipt = event(
      stream,
      'PaymentReceiptIssued',
      {
        orderId,
        receiptNumber: 'RCT-7',
        invoiceNumber: 'INV-7',
        amountCents: 75_175,
        paidAt: '2026-05-02T09:00:00.000Z',
        ...file('b'.repeat(64), 2688),
        issuedAt: '2026-05-02T09:00:00.000Z',
      },
      system,
    );
    const credited = event(stream, 'CreditNoteRequested', {
      orderId,
      creditNoteNumber: 'CN-7-1',
      invoiceNumber: 'INV-7',
      amountCents: 10_000,
      reason: 'Damaged',
      requestedAt: '2026-05-03T09:00:00.000Z',
    });
    const { rows, changesOf } = await log([invoiced, receipt, credited]);
    expect(changesOf(rows[1]!).filter((change) => change.before !== null)).toEqual([]);
    expect(changesOf(rows[1]!)).toContainEqual({ field: 'RCT-7.size', before: null, after: 2688 });
    expect(changesOf(rows[2]!).filter((change) => change.before !== null)).toEqual([]);
    expect(changesOf(rows[2]!)).toContainEqual({ field: 'CN-7-1.amountCents', before: null, after: 10_000 });
  });

  it("finds the entity of any stream: a holding stream's child, a stream of its own, a feature it has never heard of", async () => {
    const events = [
      event('catalogue', 'ProductCreated', { productId: P1, name: 'Mycoplasma', displayOrder: 0 }),
      event('catalogue', 'ProductsReordered', { productIds: [P1] }),
      event(`product-${P1}`, 'SubproductCreated', { productId: P1, subproductId: S1, name: 'Kits', displayOrder: 0 }),
      event(`product-${P1}`, 'ProductContentChanged', { productId: P1, content: '<p>New</p>' }),
      event(`order-${O1}`, 'OrderConfirmed', { orderId: O1, confirmedAt: '2026-05-01T09:00:00.000Z' }),
      event(
        `order-${O1}`,
        'InvoiceIssued',
        { orderId: O1, invoiceNumber: 'INV-1' },
        { kind: 'system', id: 'invoicing', email: '' },
      ),
      event('service-request-x9', 'ServiceRequestAnswered', {
        serviceRequestId: 'x9',
        answer: 'Yes',
        customerId: 'c1',
      }),
      event('blog-7', 'BlogSectionAdded', { sectionId: 's-1', title: 'News' }),
      event('blog', 'BlogItemAdded', { itemId: 'i-1', sectionId: null, productName: 'Kits' }),
      event('blog', 'BlogItemsDeleted', { itemIds: ['i-1'] }),
      event(`uploaded-product-${P1}`, 'UploadedProductAdded', { productId: P1, fields: { name: 'Flask' } }),
    ];
    const { rows } = await log(events);
    expect(rows.map((row) => [row.entityType, row.entityId, row.action])).toEqual([
      ['product', P1, 'product-created'],
      ['catalogue', '', 'products-reordered'],
      ['subproduct', S1, 'subproduct-created'],
      ['product', P1, 'product-content-changed'],
      ['order', O1, 'order-confirmed'],
      ['order', O1, 'invoice-issued'],
      ['service-request', 'x9', 'service-request-answered'],
      ['blog', '7', 'blog-section-added'],
      ['blog', '', 'blog-item-added'],
      ['blog', '', 'blog-items-deleted'],
      ['uploaded-product', P1, 'uploaded-product-added'],
    ]);
  });

  it("leaves out customers' and shoppers' own events", async () => {
    const { rows } = await log([
      event(`order-${O1}`, 'OrderPlaced', { orderId: O1 }, { kind: 'customer', id: 'c1', email: 'c@lab.test' }),
      event('cart-1', 'CartItemAdded', { cartId: '1' }, { kind: 'anonymous', id: '1', email: '' }),
    ]);
    expect(rows).toEqual([]);
  });

  it('keeps the last-known values across events, so a later change shows what it replaced', async () => {
    const ref = { productId: P1, subproductId: S1, detailId: D1 };
    const file = { name: `${'a'.repeat(64)}.png`, originalName: 'kit.png', contentType: 'image/png', size: 10 };
    const stream = `subproduct-${S1}`;
    const { rows, changesOf, entity } = await log([
      event(stream, 'DetailVisibilityChanged', { ...ref, visible: false }),
      event(stream, 'DetailFileAttached', { ...ref, slot: 'image', file }),
      event(stream, 'DetailVisibilityChanged', { ...ref, visible: true }),
      event(stream, 'DetailFileRemoved', { ...ref, slot: 'image' }),
    ]);
    expect(rows.map((row) => changesOf(row))).toEqual([
      [
        { field: 'productId', before: null, after: P1 },
        { field: 'subproductId', before: null, after: S1 },
        { field: 'visible', before: null, after: false },
      ],
      [{ field: 'image', before: null, after: file }],
      [{ field: 'visible', before: false, after: true }],
      [{ field: 'image', before: file, after: null }],
    ]);
    expect(entity('detail', D1)?.current).toEqual({ productId: P1, subproductId: S1, visible: true, image: null });
  });

  it("keeps a panel of rows as one entity, each row's fields before → after, and leaves out the entity's own id whatever its field is called", async () => {
    const { rows, changesOf } = await log([
      event('blog', 'BlogItemAdded', { itemId: 'i-2', sectionId: null, description: 'Old' }),
      event('blog', 'BlogItemsUpdated', {
        items: [
          { itemId: 'i-1', changes: { productName: 'Kits' } },
          { itemId: 'i-2', changes: { description: 'New' } },
        ],
      }),
      event('blog', 'BlogItemsUpdated', { items: [{ itemId: 'i-1', changes: { productName: 'PCR kits' } }] }),
      event(`uploaded-product-${P1}`, 'UploadedProductUpdated', { productId: P1, changes: { name: 'Flask' } }),
    ]);
    // A null section is no change from nothing.
    expect(changesOf(rows[0]!)).toEqual([{ field: 'i-2.description', before: null, after: 'Old' }]);
    expect(changesOf(rows[1]!)).toEqual([
      { field: 'i-1.productName', before: null, after: 'Kits' },
      { field: 'i-2.description', before: 'Old', after: 'New' },
    ]);
    expect(changesOf(rows[2]!)).toEqual([{ field: 'i-1.productName', before: 'Kits', after: 'PCR kits' }]);
    expect(changesOf(rows[3]!)).toEqual([{ field: 'name', before: null, after: 'Flask' }]);
  });

  it('never copies a password hash or token, yet shows that it changed', async () => {
    const stream = `admin-${A1}`;
    const { rows, changesOf, entity } = await log([
      event(
        stream,
        'AdminRegistered',
        { adminId: A1, email: 'new@lab.test', passwordHash: 'scrypt$abc' },
        { kind: 'system', id: 'configuration', email: 'new@lab.test' },
      ),
      event(stream, 'AdminPasswordChanged', { adminId: A1, passwordHash: 'scrypt$def' }),
    ]);
    expect(changesOf(rows[1]!)).toEqual([{ field: 'passwordHash', before: '[redacted]', after: '[redacted]' }]);
    expect(JSON.stringify(entity('admin', A1))).not.toContain('scrypt');
  });

  it('records sign-ins and failed sign-ins, an unknown email too, as moments without field changes', async () => {
    const { rows, changesOf } = await log([
      event(`admin-${A1}`, 'AdminSignedIn', { adminId: A1 }, { id: A1, email: 'ann@lab.test' }),
      event(
        'admin-security',
        'AdminSignInFailed',
        { adminId: A1, email: 'ann@lab.test', reason: 'wrong-password' },
        { kind: 'anonymous', id: A1, email: 'ann@lab.test' },
      ),
      event(
        'admin-security',
        'AdminSignInFailed',
        { adminId: null, email: 'eve@evil.test', reason: 'unknown-email' },
        { kind: 'anonymous', id: '', email: 'eve@evil.test' },
      ),
    ]);
    expect(
      rows.map((row) => [row.entityType, row.entityId, row.action, row.actorKind, row.actorEmail, row.ip]),
    ).toEqual([
      ['admin', A1, 'admin-signed-in', 'admin', 'ann@lab.test', '203.0.113.7'],
      ['admin', A1, 'admin-sign-in-failed', 'anonymous', 'ann@lab.test', '203.0.113.7'],
      ['admin-security', '', 'admin-sign-in-failed', 'anonymous', 'eve@evil.test', '203.0.113.7'],
    ]);
    expect(rows.flatMap((row) => changesOf(row))).toEqual([]);
  });

  it('reads events written before addresses were kept', async () => {
    const old = event(`order-${O1}`, 'OrderShipped', { orderId: O1, carrier: 'UPS' });
    delete old.metadata.ip;
    delete old.metadata.userAgent;
    const { rows } = await log([old]);
    expect(rows[0]).toMatchObject({ ip: null, userAgent: null });
    expect(auditRowId(old.id)).toBe(rows[0]?.id);
  });
});
