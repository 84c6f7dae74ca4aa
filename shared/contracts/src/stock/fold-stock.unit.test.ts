import { describe, expect, it } from 'vitest';
import type { StockEvent } from './events.ts';
import { allocateLines, availableOf, emptyStock, evolveStock, onHandOf, unitsByDetail } from './fold-stock.ts';

const at = '2026-11-23T15:00:00.000Z';
const detailId = 'd1';
const fold = (events: StockEvent[]) => events.reduce(evolveStock, emptyStock());
const counted = (onHand: number): StockEvent => ({ type: 'StockCounted', data: { detailId, onHand, at } });
const reservedFor = (orderId: string, quantity: number, reserved: number): StockEvent => ({
  type: 'StockReserved',
  data: { detailId, orderId, quantity, reserved, backordered: quantity - reserved, at },
});

describe('stock fold', () => {
  it('starts with nothing counted, on hand or reserved', () => {
    expect(emptyStock()).toEqual({ countedFrom: null, onHand: 0, reserved: 0, reservations: {} });
  });

  it('takes a count as what is on hand, and a later count replaces it', () => {
    expect(fold([counted(10)])).toEqual({ countedFrom: 10, onHand: 10, reserved: 0, reservations: {} });
    expect(fold([counted(10), counted(4)])).toMatchObject({ countedFrom: 4, onHand: 4 });
  });

  it("adds each order's reservation to what is reserved and keeps it by order", () => {
    expect(fold([counted(10), reservedFor('o1', 3, 3), reservedFor('o2', 9, 7)])).toEqual({
      countedFrom: 10,
      onHand: 10,
      reserved: 10,
      reservations: { o1: { reserved: 3, backordered: 0 }, o2: { reserved: 7, backordered: 2 } },
    });
  });

  it("gives a released order's units back and forgets its reservation", () => {
    const released: StockEvent = { type: 'StockReleased', data: { detailId, orderId: 'o1', reserved: 3, at } };
    expect(fold([counted(10), reservedFor('o1', 3, 3), reservedFor('o2', 2, 2), released])).toEqual({
      countedFrom: 10,
      onHand: 10,
      reserved: 2,
      reservations: { o2: { reserved: 2, backordered: 0 } },
    });
  });

  it("takes a shipped order's units off the shelf and out of what is reserved", () => {
    const shipped: StockEvent = { type: 'StockShipped', data: { detailId, orderId: 'o1', units: 3, at } };
    expect(fold([counted(10), reservedFor('o1', 3, 3), reservedFor('o2', 2, 2), shipped])).toEqual({
      countedFrom: 10,
      onHand: 7,
      reserved: 2,
      reservations: { o2: { reserved: 2, backordered: 0 } },
    });
  });
});

describe('stock on hand and available', () => {
  const afterShipping = () =>
    fold([
      counted(10),
      reservedFor('o1', 3, 3),
      { type: 'StockShipped', data: { detailId, orderId: 'o1', units: 3, at } },
      reservedFor('o2', 5, 5),
    ]);

  it("is the stream's count less what shipped while the catalogue still says the counted quantity", () => {
    expect(onHandOf(10, afterShipping())).toBe(7);
    expect(availableOf(10, afterShipping())).toBe(2);
  });

  it("is the admin's new quantity when the catalogue says another one (a recount)", () => {
    expect(onHandOf(20, afterShipping())).toBe(20);
    expect(availableOf(20, afterShipping())).toBe(15);
  });

  it('is never below zero when more is reserved than the shelf holds', () => {
    expect(availableOf(4, afterShipping())).toBe(0);
    expect(availableOf(5, afterShipping())).toBe(0);
  });
});

describe('lines sharing what was reserved', () => {
  it('adds up the units two pack sizes of one detail ask for', () => {
    const units = unitsByDetail([
      { detailId: 'd1', packSize: '10 ml', quantity: 2 },
      { detailId: 'd2', packSize: null, quantity: 1 },
      { detailId: 'd1', packSize: '50 ml', quantity: 3 },
    ]);
    expect([...units]).toEqual([
      ['d1', 5],
      ['d2', 1],
    ]);
  });

  it("serves a detail's earlier lines first and backorders the rest, per detail", () => {
    const lines = [
      { detailId: 'd1', packSize: '10 ml', quantity: 2 },
      { detailId: 'd2', packSize: null, quantity: 4 },
      { detailId: 'd1', packSize: '50 ml', quantity: 3 },
      { detailId: 'd3', packSize: null, quantity: 1 },
    ];
    const reserved = new Map([
      ['d1', 4],
      ['d2', 4],
    ]);
    expect(allocateLines(lines, reserved)).toEqual([
      { detailId: 'd1', packSize: '10 ml', reserved: 2, backordered: 0 },
      { detailId: 'd2', packSize: null, reserved: 4, backordered: 0 },
      { detailId: 'd1', packSize: '50 ml', reserved: 2, backordered: 1 },
      { detailId: 'd3', packSize: null, reserved: 0, backordered: 1 },
    ]);
    expect([...reserved]).toEqual([
      ['d1', 4],
      ['d2', 4],
    ]);
  });

  it('fails loudly on an event type it does not know', () => {
    expect(() => evolveStock(emptyStock(), { type: 'StockAudited', data: {} } as never)).toThrow('Unhandled case');
  });
});
