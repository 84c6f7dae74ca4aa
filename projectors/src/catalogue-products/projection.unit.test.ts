import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@labshop/shared/event-store/port';
import { catalogueProducts, type CatalogueProduct } from './projection.ts';

let position = 0;
function recorded(type: string, data: unknown, occurredAt = '2026-01-01T00:00:00.000Z'): RecordedEvent {
  position++;
  return {
    id: `event-${position}`,
    type,
    stream: 'catalogue',
    revision: position,
    position: String(position).padStart(8, '0'),
    data,
    metadata: { actor: { kind: 'admin', id: 'a1', email: 'admin@example.com' }, correlationId: 'c', causationId: 'c', occurredAt },
  };
}

function replay(id: string, events: RecordedEvent[]): Omit<CatalogueProduct, '_position'> | null {
  let document: CatalogueProduct | null = null;
  for (const event of events) {
    if (!catalogueProducts.documentIds(event).includes(id)) continue;
    const next = catalogueProducts.project(document, event);
    document = next && { ...next, _position: event.position };
  }
  return document;
}

describe('catalogue-products projection', () => {
  const created = recorded('ProductCreated', { productId: 'p1', name: 'Mycoplasma', displayOrder: 0 }, '2026-01-01T00:00:00.000Z');

  it('records a product with its name, order and visibility', () => {
    expect(replay('p1', [created])).toMatchObject({ id: 'p1', name: 'Mycoplasma', displayOrder: 0, visible: true, createdAt: '2026-01-01T00:00:00.000Z' });
  });

  it('follows renames, visibility and reordering, stamping the time of the change', () => {
    const events = [
      created,
      recorded('ProductCreated', { productId: 'p2', name: 'Western Blot', displayOrder: 1 }),
      recorded('ProductRenamed', { productId: 'p1', name: 'Mycoplasma Detection' }),
      recorded('ProductVisibilityChanged', { productId: 'p1', visible: false }),
      recorded('ProductsReordered', { productIds: ['p2', 'p1'] }, '2026-02-01T00:00:00.000Z'),
    ];
    expect(replay('p1', events)).toMatchObject({ name: 'Mycoplasma Detection', visible: false, displayOrder: 1, updatedAt: '2026-02-01T00:00:00.000Z' });
    expect(replay('p2', events)).toMatchObject({ displayOrder: 0 });
  });

  it('removes a deleted product and ignores events of other models', () => {
    expect(replay('p1', [created, recorded('ProductDeleted', { productId: 'p1' })])).toBeNull();
    expect(catalogueProducts.documentIds(recorded('AdminSignedIn', { adminId: 'a1' }))).toEqual([]);
  });
});
