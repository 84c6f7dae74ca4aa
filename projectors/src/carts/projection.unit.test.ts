import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@labshop/platform/event-store/port';
import { cartStream, customerCartStream, type CartEvent, type CartLineSnapshot } from '@labshop/contracts/carts/events';
import { cartView } from '@labshop/contracts/carts/cart-view';
import { CART_LIFETIME_MS } from '@labshop/contracts/carts/fold-cart';
import { recorded, replay } from '../testing/replay.ts';
import { carts } from './projection.ts';

const cartId = '00000000-0000-4000-8000-00000000ca57';
const customerId = '00000000-0000-4000-8000-00000000c001';
const detailId = '00000000-0000-4000-8000-000000000001';
const at = '2026-03-01T12:00:00.000Z';
const snapshot: CartLineSnapshot = {
  subproductId: '00000000-0000-4000-8000-0000000000aa',
  productName: 'Isolation kits',
  productType: 'Serum kit',
  catalogNumber: 'EX-10',
  innerPackageId: '',
  imageUrl: null,
  productPath: '/product?x',
  listPriceCents: 10_000,
  discountPercent: 10,
};

let revision = 0;
/** A cart event recorded in a cart stream, with the stream's next revision. */
function inStream(stream: string, event: CartEvent): RecordedEvent {
  return { ...recorded(event.type, event.data, event.data.at), stream, revision: revision++ };
}
const added = (quantity: number, packSize = '10 ml'): CartEvent => ({
  type: 'CartItemAdded',
  data: { commandId: crypto.randomUUID(), at, detailId, packSize, ...snapshot, quantity, unitPriceCents: 9_000 },
});

describe('carts projection', () => {
  it('keeps one document per cart stream, folded as the command API folds it', async () => {
    revision = 0;
    const anonymous = cartStream(cartId);
    const customer = customerCartStream(customerId);
    const documents = await replay(carts, [
      inStream(anonymous, added(2)),
      inStream(customer, added(1, '50 ml')),
      inStream(anonymous, added(3)),
      inStream(anonymous, {
        type: 'CartItemQuantityChanged',
        data: { commandId: 'q', at, detailId, packSize: '10 ml', quantity: 4 },
      }),
    ]);
    const anonymousCart = documents.get(anonymous);
    expect(anonymousCart).toMatchObject({ id: anonymous, owner: 'anonymous', cartId, updatedAt: at, revision: 3 });
    expect(anonymousCart?.lines.map((line) => [line.packSize, line.quantity])).toEqual([['10 ml', 4]]);
    expect(documents.get(customer)).toMatchObject({ owner: 'customer', cartId: customerId, revision: 1 });

    const view = cartView(cartId, anonymousCart!, new Date(at));
    expect(view).toMatchObject({ cartId, itemCount: 4, subtotalCents: 36_000, revision: 3 });
  });

  it('shows the cart empty once expired, when read', async () => {
    revision = 0;
    const documents = await replay(carts, [inStream(cartStream(cartId), added(2))]);
    const document = documents.get(cartStream(cartId))!;
    expect(cartView(cartId, document, new Date(Date.parse(at) + CART_LIFETIME_MS + 1)).lines).toEqual([]);
  });

  it('ignores other events and cart-like events outside cart streams', async () => {
    const documents = await replay(carts, [
      recorded('ProductCreated', { productId: 'p1', name: 'x', displayOrder: 0 }),
      recorded('CartCleared', { commandId: 'c', at }),
    ]);
    expect(documents.size).toBe(0);
  });
});
