import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@labshop/shared/event-store/port';
import type { StoredFile } from '@labshop/shared/events/catalogue';
import { recorded, replay } from '../testing/replay.ts';
import { detailCreated, fieldsOf, productCreated, subproductCreated } from '../testing/catalogue-events.ts';
import { auditDocumentId, catalogueAudit, type CatalogueAudit } from './projection.ts';

const by = (email: string, event: RecordedEvent, occurredAt = event.metadata.occurredAt): RecordedEvent => ({
  ...event,
  metadata: { ...event.metadata, occurredAt, actor: { kind: 'admin', id: `id-${email}`, email } },
});

async function historyOf(events: RecordedEvent[], entityType: CatalogueAudit['entityType'], entityId: string) {
  const audit = (await replay(catalogueAudit, events)).get(auditDocumentId(entityType, entityId));
  if (!audit) throw new Error(`no audit for ${entityType} ${entityId}`);
  return audit;
}

const image: StoredFile = { name: `${'a'.repeat(64)}.png`, originalName: 'kit.png', contentType: 'image/png', size: 10 };
const otherImage: StoredFile = { ...image, name: `${'b'.repeat(64)}.gif`, contentType: 'image/gif' };

describe('catalogue-audit projection', () => {
  it('records a creation with every initial value, the admin and the time', async () => {
    const audit = await historyOf([by('ann@lab.test', productCreated('p1', 'Mycoplasma', 3), '2026-03-01T10:00:00.000Z')], 'product', 'p1');
    expect(audit).toMatchObject({ entityType: 'product', entityId: 'p1', productId: 'p1', subproductId: null, deleted: false });
    expect(audit.entries).toEqual([
      {
        at: '2026-03-01T10:00:00.000Z',
        actor: { id: 'id-ann@lab.test', email: 'ann@lab.test' },
        action: 'created',
        changes: [
          { field: 'name', before: null, after: 'Mycoplasma' },
          { field: 'visible', before: null, after: true },
          { field: 'displayOrder', before: null, after: 3 },
          { field: 'content', before: null, after: '' },
        ],
      },
    ]);
  });

  it('shows each product change as before → after, with who made it', async () => {
    const audit = await historyOf(
      [
        productCreated('p1', 'Mycoplasma'),
        by('bob@lab.test', recorded('ProductRenamed', { productId: 'p1', name: 'Mycoplasma Detection' })),
        by('ann@lab.test', recorded('ProductVisibilityChanged', { productId: 'p1', visible: false })),
        by('ann@lab.test', recorded('ProductContentChanged', { productId: 'p1', content: '<p>New</p>' })),
        by('bob@lab.test', recorded('ProductContentChanged', { productId: 'p1', content: '<p>Newer</p>' })),
      ],
      'product',
      'p1',
    );
    expect(audit.entries.slice(1).map(({ actor, action, changes }) => [actor.email, action, changes])).toEqual([
      ['bob@lab.test', 'updated', [{ field: 'name', before: 'Mycoplasma', after: 'Mycoplasma Detection' }]],
      ['ann@lab.test', 'hidden', [{ field: 'visible', before: true, after: false }]],
      ['ann@lab.test', 'content-changed', [{ field: 'content', before: '', after: '<p>New</p>' }]],
      ['bob@lab.test', 'content-changed', [{ field: 'content', before: '<p>New</p>', after: '<p>Newer</p>' }]],
    ]);
  });

  it('shows a detail update as the changed fields only, each before → after', async () => {
    const tier = { priceCents: 900, packSize: '10', description: '', catalogNumber: 'T-10' };
    const audit = await historyOf(
      [
        detailCreated('p1', 's1', 'd1', 0, { quantity: 10, priceCents: 10_000 }),
        by('bob@lab.test', recorded('DetailUpdated', { productId: 'p1', subproductId: 's1', detailId: 'd1', changes: { quantity: 7, priceTiers: [tier] } })),
        recorded('DetailUpdated', { productId: 'p1', subproductId: 's1', detailId: 'd1', changes: { quantity: 8 } }),
        recorded('DetailVisibilityChanged', { productId: 'p1', subproductId: 's1', detailId: 'd1', visible: false }),
        recorded('DetailVisibilityChanged', { productId: 'p1', subproductId: 's1', detailId: 'd1', visible: true }),
      ],
      'detail',
      'd1',
    );
    expect(audit.entries[0]?.changes).toContainEqual({ field: 'priceCents', before: null, after: 10_000 });
    expect(audit.entries.slice(1).map(({ action, changes }) => [action, changes])).toEqual([
      [
        'updated',
        [
          { field: 'quantity', before: 10, after: 7 },
          { field: 'priceTiers', before: [], after: [tier] },
        ],
      ],
      ['updated', [{ field: 'quantity', before: 7, after: 8 }]],
      ['hidden', [{ field: 'visible', before: true, after: false }]],
      ['shown', [{ field: 'visible', before: false, after: true }]],
    ]);
    expect(audit.current).toMatchObject({ ...fieldsOf({ quantity: 8, priceCents: 10_000, priceTiers: [tier] }), visible: true });
  });

  it('records files attached, replaced and removed per slot', async () => {
    const ref = { productId: 'p1', subproductId: 's1', detailId: 'd1' };
    const audit = await historyOf(
      [
        detailCreated('p1', 's1', 'd1'),
        recorded('DetailFileAttached', { ...ref, slot: 'image', file: image }),
        recorded('DetailFileAttached', { ...ref, slot: 'image', file: otherImage }),
        recorded('DetailFileRemoved', { ...ref, slot: 'image' }),
      ],
      'detail',
      'd1',
    );
    expect(audit.entries.slice(1).map(({ action, changes }) => [action, changes])).toEqual([
      ['file-attached', [{ field: 'image', before: null, after: image }]],
      ['file-attached', [{ field: 'image', before: image, after: otherImage }]],
      ['file-removed', [{ field: 'image', before: otherImage, after: null }]],
    ]);
  });

  it('records a reorder only for the items whose place changed', async () => {
    const events = [
      subproductCreated('p1', 's1', 'A', 0),
      subproductCreated('p1', 's2', 'B', 1),
      subproductCreated('p1', 's3', 'C', 2),
      recorded('SubproductsReordered', { productId: 'p1', subproductIds: ['s2', 's1', 's3'] }),
    ];
    expect((await historyOf(events, 'subproduct', 's1')).entries.at(-1)).toMatchObject({
      action: 'reordered',
      changes: [{ field: 'displayOrder', before: 0, after: 1 }],
    });
    expect((await historyOf(events, 'subproduct', 's3')).entries.map((e) => e.action)).toEqual(['created']);
  });

  it('marks a deleted product and its whole tree deleted, naming the parent that took them', async () => {
    const events = [
      productCreated('p1', 'Mycoplasma'),
      productCreated('p2', 'Western Blot'),
      subproductCreated('p1', 's1', 'Kits'),
      subproductCreated('p2', 's2', 'Other'),
      detailCreated('p1', 's1', 'd1'),
      by('ann@lab.test', recorded('ProductDeleted', { productId: 'p1' }), '2026-04-01T00:00:00.000Z'),
    ];
    const documents = await replay(catalogueAudit, events);
    expect(documents.get('product:p1')?.entries.at(-1)).toEqual({
      at: '2026-04-01T00:00:00.000Z',
      actor: { id: 'id-ann@lab.test', email: 'ann@lab.test' },
      action: 'deleted',
      changes: [],
    });
    for (const id of ['subproduct:s1', 'detail:d1']) {
      expect(documents.get(id)).toMatchObject({ deleted: true });
      expect(documents.get(id)?.entries.at(-1)).toMatchObject({ action: 'deleted', via: { entityType: 'product', entityId: 'p1' } });
    }
    expect(documents.get('subproduct:s2')).toMatchObject({ deleted: false });
    expect(documents.get('product:p2')).toMatchObject({ deleted: false });
  });

  it("marks a deleted subproduct's details deleted, and a detail deleted once only", async () => {
    const documents = await replay(catalogueAudit, [
      subproductCreated('p1', 's1', 'Kits'),
      detailCreated('p1', 's1', 'd1'),
      detailCreated('p1', 's1', 'd2'),
      recorded('DetailDeleted', { productId: 'p1', subproductId: 's1', detailId: 'd1' }),
      recorded('SubproductDeleted', { productId: 'p1', subproductId: 's1' }),
    ]);
    expect(documents.get('detail:d1')?.entries.map((e) => e.action)).toEqual(['created', 'deleted']);
    expect(documents.get('detail:d1')?.entries.at(-1)?.via).toBeUndefined();
    expect(documents.get('detail:d2')?.entries.at(-1)).toMatchObject({ action: 'deleted', via: { entityType: 'subproduct', entityId: 's1' } });
    expect(documents.get('subproduct:s1')?.entries.at(-1)).toEqual(expect.objectContaining({ action: 'deleted' }));
    expect(documents.get('subproduct:s1')?.entries.at(-1)?.via).toBeUndefined();
  });

  it('ignores events of other models', async () => {
    expect(await catalogueAudit.documentIds(recorded('AdminSignedIn', { adminId: 'a1' }), { find: async () => [] })).toEqual([]);
  });
});
