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

/**
 * One business (New York) day (the day orders were placed): the units each detail sold that day, so a reader sums
 * the days of its own window with its own clock.
 */
export interface SalesDay extends StoredDocument {
  day: string;
  /** Details with units sold that day, most first. */
  units: DetailUnits[];
}

/**
 * An order placed on a day that may still start or stop counting there (until it is shipped or cancelled), with its
 * units per detail: the events that make an order count name only the order, not its lines. One small document per
 * open order, found by id, and gone when its day lets it go.
 */
export interface OpenOrderDay extends StoredDocument {
  orderId: string;
  /** The id of the order's day document (`day-YYYY-MM-DD`). */
  dayId: string;
  /** Whether its units are in its day's totals: true once its purchase order was submitted or its quote accepted. */
  counted: boolean;
  lines: DetailUnits[];
}

export type BestSellersDocument = SalesDay | OpenOrderDay;

export const isSalesDay = (document: BestSellersDocument | null): document is SalesDay =>
  document !== null && 'day' in document;

export const bestSellersReadModel = readModel<BestSellersDocument>('best-sellers');
