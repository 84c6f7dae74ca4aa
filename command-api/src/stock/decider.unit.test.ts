import { describe, expect, it } from 'vitest';
import { spec } from '@labshop/contracts/testing/decider-spec';
import type { StockEvent } from '@labshop/contracts/stock/events';
import { stockDecider, type StockCommand } from './decider.ts';

const stock = spec(stockDecider);
const now = new Date('2026-11-23T15:00:00.000Z');
const at = now.toISOString();
const detailId = 'd1';

const reserve = (orderId: string, quantity: number, catalogueQuantity: number): StockCommand => ({
  type: 'Reserve',
  detailId,
  orderId,
  quantity,
  catalogueQuantity,
  at: now,
});
const counted = (onHand: number): StockEvent => ({ type: 'StockCounted', data: { detailId, onHand, at } });
const reserved = (orderId: string, quantity: number, units: number): StockEvent => ({
  type: 'StockReserved',
  data: { detailId, orderId, quantity, reserved: units, backordered: quantity - units, at },
});

describe('stock decider', () => {
  it("records the catalogue's count first, then reserves from it", () => {
    stock
      .given([])
      .when(reserve('o1', 3, 10))
      .then([counted(10), reserved('o1', 3, 3)]);
  });

  it('reserves without a new count while the catalogue says what the stream counted', () => {
    stock
      .given([counted(10), reserved('o1', 3, 3)])
      .when(reserve('o2', 7, 10))
      .then([reserved('o2', 7, 7)]);
  });

  it('reserves what the shelf still holds and backorders the rest, never below zero', () => {
    stock
      .given([counted(10), reserved('o1', 8, 8)])
      .when(reserve('o2', 5, 10))
      .then([reserved('o2', 5, 2)]);
    stock
      .given([counted(2), reserved('o1', 5, 2), counted(1)])
      .when(reserve('o2', 3, 1))
      .then([reserved('o2', 3, 0)]);
  });

  it("reserves from the admin's recount, not from the old count", () => {
    stock
      .given([counted(2), reserved('o1', 2, 2)])
      .when(reserve('o2', 4, 5))
      .then([counted(5), reserved('o2', 4, 3)]);
  });

  it('changes nothing for an order that holds its reservation already (a retry)', () => {
    stock
      .given([counted(10), reserved('o1', 3, 3)])
      .when(reserve('o1', 3, 12))
      .then([]);
  });

  it('releases what the order reserved, once, and nothing for an order that reserved nothing', () => {
    const release: StockCommand = { type: 'Release', detailId, orderId: 'o1', at: now };
    const releasedEvent: StockEvent = { type: 'StockReleased', data: { detailId, orderId: 'o1', reserved: 2, at } };
    stock
      .given([counted(2), reserved('o1', 5, 2)])
      .when(release)
      .then([releasedEvent]);
    stock
      .given([counted(2), reserved('o1', 5, 2), releasedEvent])
      .when(release)
      .then([]);
    stock
      .given([counted(2)])
      .when(release)
      .then([]);
  });

  it('ships what the order reserved, after a recount when the catalogue changed, and ships it once', () => {
    const ship = (catalogueQuantity: number): StockCommand => ({
      type: 'Ship',
      detailId,
      orderId: 'o1',
      catalogueQuantity,
      at: now,
    });
    const shipped: StockEvent = { type: 'StockShipped', data: { detailId, orderId: 'o1', units: 3, at } };
    const history = [counted(10), reserved('o1', 3, 3)];
    stock.given(history).when(ship(10)).then([shipped]);
    stock
      .given(history)
      .when(ship(12))
      .then([counted(12), shipped]);
    stock
      .given([...history, shipped])
      .when(ship(7))
      .then([]);
    expect(stock.given([...history, shipped]).state()).toMatchObject({ onHand: 7, reserved: 0 });
  });

  it('fails loudly on a command it does not know', () => {
    expect(() =>
      stock
        .given([])
        .when({ type: 'Audit', detailId, orderId: 'o1', at: now } as never)
        .events(),
    ).toThrow('Unhandled case');
  });
});
