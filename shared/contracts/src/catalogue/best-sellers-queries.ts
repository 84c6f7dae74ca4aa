import { addDays, businessDay } from '../orders/business-day.ts';
import { readModel, type StoredDocument } from '../read-model.ts';

/**
 * The best-sellers read model as its readers know it (the projectors build it, the query API ranks the home
 * page's best sellers from it): units sold per detail and business day, and where an open order's day is.
 */

/** How far back the home page's ranking looks. */
export const BEST_SELLER_WINDOW_DAYS = 90;

/** The business (New York) day (YYYY-MM-DD) of an ISO time: sales are counted per day, the order's own date. */
export const saleDay = (isoTime: string) => businessDay(isoTime);

/** The first day of the window that ends on `now`'s business day, that day included: 90 days in all. */
export function windowStartDay(now: Date, days = BEST_SELLER_WINDOW_DAYS): string {
  return addDays(businessDay(now), -(days - 1));
}

export interface DetailUnits {
  detailId: string;
  units: number;
}

/** An order placed on the day that may still start or stop counting, with its units per detail. */
export interface DayOrder {
  orderId: string;
  lines: DetailUnits[];
  /** Whether its units are in the day's totals: true once its purchase order was submitted or its quote accepted. */
  counted: boolean;
}

/**
 * One UTC day (the day orders were placed): the units each detail sold that day, so a reader sums the
 * days of its own window with its own clock. The day's open orders are kept beside the totals because
 * the events that make an order count name only the order, not its lines.
 */
export interface SalesDay extends StoredDocument {
  day: string;
  /** Details with units sold that day, most first. */
  units: DetailUnits[];
  /**
   * Orders that may still start or stop counting (until shipped or cancelled), by `orderBucket(orderId)` and then
   * `orderKey(orderId)`. A busy day keeps well over a thousand open orders and documents are replaced, never
   * mutated: in buckets, an order's event copies one small bucket and the buckets' index instead of every open
   * order of the day. Every day has all the buckets, empty ones too, in the same order: objects of one shape copy
   * in a few microseconds, where indexes each built key by key took ten times as long.
   */
  orders: Record<string, Record<string, DayOrder>>;
}

/**
 * Where a later event of an open order finds its day (those events name only the order): one small document per
 * order the day keeps open, looked up by id, and gone when the day lets the order go.
 */
export interface OpenOrderDay extends StoredDocument {
  orderId: string;
  /** The id of the order's day document (`day-YYYY-MM-DD`). */
  dayId: string;
  /** Whether its units count, as its day has it: a shipped order is let go only once it counts. */
  counted: boolean;
}

export type BestSellersDocument = SalesDay | OpenOrderDay;

export const isSalesDay = (document: BestSellersDocument | null): document is SalesDay =>
  document !== null && 'day' in document;

export const bestSellersReadModel = readModel<BestSellersDocument>('best-sellers');
