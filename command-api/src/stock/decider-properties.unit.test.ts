import assert from 'node:assert/strict';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { propertyRuns, runCommands } from '@labshop/contracts/testing/decider-runs';
import { availableOf, type StockState } from '@labshop/contracts/stock/fold-stock';
import { sumCents } from '@labshop/contracts/money';
import { stockDecider, type StockCommand } from './decider.ts';

const detailId = 'd1';
const start = Date.parse('2026-03-01T12:00:00.000Z');

const ask = fc.record({
  kind: fc.constantFrom('Reserve' as const, 'Reserve' as const, 'Release' as const, 'Ship' as const),
  order: fc.constantFrom('o1', 'o2', 'o3', 'o4'),
  quantity: fc.integer({ min: 1, max: 20 }),
  /** The admin's count in the catalogue: mostly as before, now and then a new one. */
  recount: fc.option(fc.nat(30), { freq: 5 }),
});

describe('stock decider: properties over random commands', () => {
  it('never holds more than the shelf has free, never below zero, and holds what its reservations add up to', () => {
    fc.assert(
      fc.property(fc.nat(30), fc.array(ask, { minLength: 1, maxLength: 30, size: 'max' }), (counted, asked) => {
        let catalogueQuantity = counted;
        const commands = asked.map((next, index) => {
          catalogueQuantity = next.recount ?? catalogueQuantity;
          const at = new Date(start + index * 60_000);
          const orderId = next.order;
          const command: StockCommand =
            next.kind === 'Release'
              ? { type: 'Release', detailId, orderId, at }
              : next.kind === 'Ship'
                ? { type: 'Ship', detailId, orderId, catalogueQuantity, at }
                : { type: 'Reserve', detailId, orderId, quantity: next.quantity, catalogueQuantity, at };
          return { catalogueQuantity, command: () => command };
        });
        let step = 0;
        runCommands(
          stockDecider,
          commands.map(({ command }) => command),
          (stock: StockState, stream) => {
            const last = stream.at(-1);
            if (last?.type === 'StockReserved') {
              // Never more than the shelf had free: the rest is on backorder.
              const { reserved, backordered, quantity } = last.data;
              assert.ok(reserved <= Math.max(0, stock.onHand - (stock.reserved - reserved)), 'held from the shelf');
              assert.equal(reserved + backordered, quantity, 'reserved + backordered');
            }
            const reservations = Object.values(stock.reservations);
            assert.equal(
              stock.reserved,
              sumCents(reservations, (held) => held.reserved),
              'reserved is its reservations',
            );
            for (const held of reservations) assert.ok(held.reserved >= 0 && held.backordered >= 0, 'a reservation');
            assert.ok(stock.reserved >= 0, `reserved ${stock.reserved}`);
            const available = availableOf(commands[step++]!.catalogueQuantity, stock);
            assert.ok(available >= 0, `available ${available}`);
          },
        );
      }),
      propertyRuns,
    );
  });
});
