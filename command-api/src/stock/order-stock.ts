import type { EventMetadata, EventStore, Position } from '@labshop/platform/event-store/port';
import { stockStream } from '@labshop/contracts/stock/events';
import type { OrderLine } from '@labshop/contracts/orders/events';
import { allocateLines, unitsByDetail, type LineAllocation } from '@labshop/contracts/stock/fold-stock';
import type { StockState } from '@labshop/contracts/stock/fold-stock';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import { createInTurn } from '@labshop/platform/deciders/in-turn';
import { catalogueQuantity } from '../catalogue/prices.ts';
import { createStreamFoldCache, type StreamFoldCache } from '@labshop/platform/deciders/stream-fold-cache';
import { stockDecider, type StockCommand } from './decider.ts';

// Per event store: one cache of folded stock streams, so a hot detail is decided on its cached fold and a lost
// race (another process appended first) reads only the newer events; and one queue per stream, so this
// process's checkouts of one detail take turns instead of racing each other for its revision.
const stockByStore = new WeakMap<
  EventStore,
  { folds: StreamFoldCache<StockState>; inTurn: ReturnType<typeof createInTurn> }
>();

function stockOf(store: EventStore) {
  let stock = stockByStore.get(store);
  if (!stock) {
    stock = { folds: createStreamFoldCache(store, stockDecider, { maxStreams: 10_000 }), inTurn: createInTurn() };
    stockByStore.set(store, stock);
  }
  return stock;
}

type StockLine = Pick<OrderLine, 'detailId' | 'subproductId' | 'packSize' | 'quantity'>;

/** The order's details, each once, with the subproduct its catalogue stream is found by. */
function detailsOf(lines: readonly StockLine[]) {
  const subproducts = new Map(lines.map((line) => [line.detailId, line.subproductId]));
  return [...unitsByDetail(lines)].map(([detailId, units]) => ({
    detailId,
    subproductId: subproducts.get(detailId)!,
    units,
  }));
}

async function run(store: EventStore, command: StockCommand, metadata: EventMetadata) {
  const { folds, inTurn } = stockOf(store);
  const stream = stockStream(command.detailId);
  return inTurn(stream, () => handleCommand(store, stream, stockDecider, command, metadata, { cache: folds }));
}

const latest = (positions: readonly Position[]) => positions.reduce((a, b) => (a > b ? a : b), '');

/** One stock command for each detail of the order, all at once; the answer is the latest position they reached. */
async function runPerDetail(
  store: EventStore,
  lines: readonly StockLine[],
  metadata: EventMetadata,
  commandFor: (detail: ReturnType<typeof detailsOf>[number]) => StockCommand | Promise<StockCommand>,
): Promise<Position> {
  const results = await Promise.all(
    detailsOf(lines).map(async (detail) => run(store, await commandFor(detail), metadata)),
  );
  return latest(results.map((result) => result.position));
}

/**
 * Reserves what each detail of the order has available for it, the rest on backorder, and says per line how
 * much. Details are decided in parallel on their own streams: a checkout waits only for buyers of the same
 * detail. Idempotent per order: a retry answers the reservation already made.
 */
export async function reserveStock(
  store: EventStore,
  orderId: string,
  lines: readonly StockLine[],
  at: Date,
  metadata: EventMetadata,
): Promise<{ allocations: LineAllocation[]; position: Position }> {
  const decided = await Promise.all(
    detailsOf(lines).map(async ({ detailId, subproductId, units }) => {
      const quantity = await catalogueQuantity(store, { subproductId, detailId });
      const result = await run(
        store,
        { type: 'Reserve', detailId, orderId, quantity: units, catalogueQuantity: quantity, at },
        metadata,
      );
      return { detailId, reserved: result.state.reservations[orderId]?.reserved ?? 0, position: result.position };
    }),
  );
  return {
    allocations: allocateLines(lines, new Map(decided.map(({ detailId, reserved }) => [detailId, reserved]))),
    position: latest(decided.map((one) => one.position)),
  };
}

/** The cancelled order's reserved units are available again (nothing for an order that held none). */
export async function releaseStock(
  store: EventStore,
  orderId: string,
  lines: readonly StockLine[],
  at: Date,
  metadata: EventMetadata,
): Promise<Position> {
  return runPerDetail(store, lines, metadata, ({ detailId }) => ({ type: 'Release', detailId, orderId, at }));
}

/** The shipped order's reserved units leave the shelf. */
export async function shipStock(
  store: EventStore,
  orderId: string,
  lines: readonly StockLine[],
  at: Date,
  metadata: EventMetadata,
): Promise<Position> {
  return runPerDetail(store, lines, metadata, async ({ detailId, subproductId }) => ({
    type: 'Ship',
    detailId,
    orderId,
    catalogueQuantity: await catalogueQuantity(store, { subproductId, detailId }),
    at,
  }));
}
