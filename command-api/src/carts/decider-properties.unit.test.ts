import assert from 'node:assert/strict';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { propertyRuns, runCommands } from '@labshop/contracts/testing/decider-runs';
import { MAX_CART_LINE_QUANTITY } from '@labshop/contracts/carts/commands';
import { cartView } from '@labshop/contracts/carts/cart-view';
import type { CartEvent, PricedCartLine } from '@labshop/contracts/carts/events';
import { cartLineKey, emptyCart, evolveCart, type CartContents } from '@labshop/contracts/carts/fold-cart';
import { lineTotalCents, sumCents } from '@labshop/contracts/money';
import type { CurrentOffer } from '../catalogue/prices.ts';
import { cartDecider, type CartCommand, type CartState } from './decider.ts';

const start = Date.parse('2026-03-01T12:00:00.000Z');
const HOUR_MS = 60 * 60 * 1000;

/** Six options: three details, each sold by itself and as a pack. */
const keys = [0, 1, 2].flatMap((detail) => [null, '10 ml'].map((packSize) => ({ detailId: `d${detail}`, packSize })));
const key = fc.nat(keys.length - 1).map((index) => keys[index]!);
const price = fc.integer({ min: 1, max: 100_000 });

const offerOf = (option: (typeof keys)[number], unitPriceCents: number, inStock = true): CurrentOffer => ({
  ...option,
  subproductId: 's1',
  productName: 'Isolation kits',
  productType: 'Exosome kit',
  catalogNumber: `EX-${option.detailId}`,
  innerPackageId: 'PK-1',
  imageUrl: null,
  productPath: '/product?x',
  listPriceCents: unitPriceCents,
  discountPercent: 0,
  unitPriceCents,
  inStock,
});
const pricedLine = ({ inStock: _inStock, ...offer }: CurrentOffer, quantity: number): PricedCartLine => ({
  ...offer,
  quantity,
  available: true,
});

const ask = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      items: fc.array(
        fc.record({
          key,
          price,
          inStock: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
          quantity: fc.integer({ min: 1, max: 9 }),
        }),
        { minLength: 1, maxLength: 2 },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('setQuantity' as const), key, quantity: fc.integer({ min: 1, max: 12 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), key }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refresh' as const),
      // Per option: not priced this time, no longer sold, or sold at a price.
      offers: fc.array(fc.option(fc.option(price, { nil: null }), { nil: undefined }), {
        minLength: keys.length,
        maxLength: keys.length,
      }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('mergeIn' as const),
      lines: fc.array(fc.record({ key, price, quantity: fc.integer({ min: 1, max: 9 }) }), { maxLength: 2 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      { kind: 'clear' as const },
      { kind: 'mergeAway' as const },
      { kind: 'checkOut' as const },
    ),
  },
);

const plan = fc.record({
  // Mostly soon after; now and then past the cart's 5 days (it is emptied).
  hoursLater: fc.oneof({ weight: 9, arbitrary: fc.nat(24) }, { weight: 1, arbitrary: fc.nat(200) }),
  /** A new command, or an outbox retrying one it sent before. */
  retryOf: fc.option(fc.nat(), { freq: 6 }),
  ask,
});
type Plan = typeof plan extends fc.Arbitrary<infer P> ? P : never;

function commandOf({ ask }: Plan, commandId: string, now: Date): CartCommand {
  const change = { commandId, now };
  switch (ask.kind) {
    case 'add':
      return {
        type: 'AddItems',
        ...change,
        items: ask.items.map((item) => ({
          offer: offerOf(item.key, item.price, item.inStock),
          quantity: item.quantity,
        })),
      };
    case 'setQuantity':
      return { type: 'SetQuantity', ...change, ...ask.key, quantity: ask.quantity };
    case 'remove':
      return { type: 'RemoveItem', ...change, ...ask.key };
    case 'refresh':
      return {
        type: 'RefreshPrices',
        ...change,
        offers: new Map(
          keys.flatMap((option, index) => {
            const offered = ask.offers[index];
            if (offered === undefined) return [];
            return [[cartLineKey(option), offered === null ? null : offerOf(option, offered)] as const];
          }),
        ),
      };
    case 'mergeIn':
      return {
        type: 'MergeIn',
        ...change,
        fromCartId: 'anonymous-1',
        lines: ask.lines.map((line) => pricedLine(offerOf(line.key, line.price), line.quantity)),
      };
    case 'clear':
      return { type: 'ClearCart', ...change };
    case 'mergeAway':
      return { type: 'MergeAway', ...change, intoCustomerId: 'c1' };
    case 'checkOut':
      return { type: 'CheckOutCart', ...change, orderId: 'o1' };
  }
}

/**
 * The cart as both APIs show it (`cartView`) is its lines' totals, at most one line per option, within the
 * quantity limit; and the read side (`read`: the stream as stored, folded event by event as the carts read
 * model does) shows the same cart as the command answered.
 */
function assertCartAsShown(state: CartState, read: CartContents, stream: readonly CartEvent[], now: Date) {
  const shown = cartView('c1', state.cart, now);
  for (const line of shown.lines) {
    assert.equal(line.lineTotalCents, lineTotalCents(line), 'line total');
    assert.ok(line.quantity >= 1 && line.quantity <= MAX_CART_LINE_QUANTITY, `quantity ${line.quantity}`);
  }
  const available = shown.lines.filter((line) => line.available);
  assert.equal(
    shown.subtotalCents,
    sumCents(available, (line) => line.lineTotalCents),
    'subtotal',
  );
  assert.equal(
    shown.itemCount,
    sumCents(available, (line) => line.quantity),
    'item count',
  );
  assert.equal(new Set(shown.lines.map(cartLineKey)).size, shown.lines.length, 'one line per option');
  assert.equal(shown.revision, stream.length === 0 ? null : stream.length - 1, 'revision');
  assert.deepEqual(cartView('c1', read, now), shown, 'the read side shows the same cart');
}

describe('cart decider: properties over random commands', () => {
  it('shows totals equal to its lines and the same cart on the read side; a retried command changes nothing', () => {
    fc.assert(
      fc.property(fc.array(plan, { minLength: 1, maxLength: 30, size: 'max' }), (planned) => {
        let time = start;
        const sent: string[] = [];
        const commands = planned.map((next) => {
          time += next.hoursLater * HOUR_MS;
          const now = new Date(time);
          const retried = next.retryOf === null || sent.length === 0 ? undefined : sent[next.retryOf % sent.length];
          const commandId = retried ?? `command-${sent.push(`command-${sent.length + 1}`)}`;
          return { now, retried, command: (_state: CartState) => commandOf(next, commandId, now) };
        });
        let step = 0;
        let decided = 0;
        let read = emptyCart();
        runCommands(
          cartDecider,
          commands.map(({ command }) => command),
          (state, stream) => {
            const { now, retried } = commands[step++]!;
            const stored = JSON.parse(JSON.stringify(stream.slice(decided))) as CartEvent[];
            read = stored.reduce(evolveCart, read);
            assertCartAsShown(state, read, stream, now);
            // A command the stream already holds (an outbox's retry) appends nothing.
            const before = stream.slice(0, decided);
            if (retried && before.some((event) => event.data.commandId === retried))
              assert.equal(stream.length, decided, `retry of ${retried}`);
            decided = stream.length;
          },
        );
      }),
      propertyRuns,
    );
  });
});
