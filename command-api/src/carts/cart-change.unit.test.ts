import { describe, expect, it } from 'vitest';
import { applyCartChange, cartChange, cartView } from '@labshop/contracts/carts/cart-view';
import { CART_LIFETIME_MS } from '@labshop/contracts/carts/fold-cart';
import type { CurrentOffer } from '../catalogue/prices.ts';
import { cartDecider, type CartCommand, type CartState } from './decider.ts';

const offer = (detail: number, packSize: string | null, unitPriceCents: number): CurrentOffer => ({
  detailId: `00000000-0000-4000-8000-${String(detail).padStart(12, '0')}`,
  subproductId: '00000000-0000-4000-8000-0000000000aa',
  packSize,
  unitPriceCents,
  listPriceCents: unitPriceCents + 1_000,
  discountPercent: 10,
  catalogNumber: `EX-${detail}`,
  innerPackageId: 'PK-1',
  productName: 'Isolation kits',
  productType: `Kit ${detail}`,
  imageUrl: null,
  productPath: '/product?x',
  inStock: true,
});

/** Decides and folds like handleCommand: the state decided on and the state after. */
function run(state: CartState, command: CartCommand) {
  const events = cartDecider.decide(command, state);
  return events.reduce(cartDecider.evolve, state);
}

/** A small deterministic generator, so a failure repeats. */
function random(seed: number) {
  let value = seed;
  return (below: number) => {
    value = (value * 1_103_515_245 + 12_345) % 2 ** 31;
    return value % below;
  };
}

describe('the change a line command answers with', () => {
  it('brings the cart a client holds at its revision to the cart after the command, over 400 random commands', () => {
    const next = random(7);
    const packs = ['10 ml', '50 ml', null];
    let state = cartDecider.initialState();
    let clientLines = cartView('c', state.cart, new Date('2026-03-01T12:00:00Z')).lines;
    let time = Date.parse('2026-03-01T12:00:00Z');
    let largest = 0;
    for (let step = 0; step < 400; step++) {
      time += 60_000;
      const now = new Date(time);
      const lines = state.cart.lines;
      const line = lines[next(Math.max(1, lines.length))];
      const commandId = `c-${step}`;
      const choice = next(4);
      const command: CartCommand =
        choice <= 1 || !line
          ? {
              type: 'AddItems',
              commandId,
              now,
              items: [{ offer: offer(next(12), packs[next(3)]!, 1_000 + next(5) * 100), quantity: 1 + next(3) }],
            }
          : choice === 2
            ? {
                type: 'SetQuantity',
                commandId,
                now,
                detailId: line.detailId,
                packSize: line.packSize,
                quantity: 1 + next(9),
              }
            : { type: 'RemoveItem', commandId, now, detailId: line.detailId, packSize: line.packSize };
      const after = run(state, command);
      const change = cartChange('c', state.cart, after.cart, now);
      const expected = cartView('c', after.cart, now);
      expect(change.basedOn).toBe(state.cart.revision);
      expect(applyCartChange(clientLines, change)).toEqual(expected.lines);
      const { lines: _lines, ...summary } = expected;
      expect(change).toMatchObject(summary);
      // Only what the command touched travels: at most one line changed or removed.
      expect(change.changedLines.length + change.removedLines.length).toBeLessThanOrEqual(1);
      state = after;
      largest = Math.max(largest, after.cart.lines.length);
      clientLines = expected.lines;
    }
    expect(largest).toBeGreaterThanOrEqual(10);
  });

  it('takes the lines of an expired cart out, and sends the new line', () => {
    const added = new Date('2026-03-01T12:00:00Z');
    const add = (detail: number, now: Date): CartCommand => ({
      type: 'AddItems',
      commandId: `add-${detail}`,
      now,
      items: [{ offer: offer(detail, '10 ml', 2_000), quantity: 1 }],
    });
    const before = run(run(cartDecider.initialState(), add(1, added)), add(2, added));
    const clientLines = cartView('c', before.cart, added).lines;
    const later = new Date(added.getTime() + CART_LIFETIME_MS + 60_000);
    const after = run(before, add(3, later));
    const change = cartChange('c', before.cart, after.cart, later);
    expect(change.removedLines.map((line) => line.detailId)).toEqual(clientLines.map((line) => line.detailId));
    expect(change.changedLines.map((line) => line.productType)).toEqual(['Kit 3']);
    expect(applyCartChange(clientLines, change)).toEqual(cartView('c', after.cart, later).lines);
  });
});
