import { addDays, businessDay } from '@labshop/shared/orders/business-day';

const DOLLARS = /^\$?\s*(\d{1,9})(?:\.(\d{1,2}))?$/;

/** '12.5', '$12.50' or '12' as integer cents; null for anything else (the form says so). */
export function centsFromDollars(text: string): number | null {
  const match = DOLLARS.exec(text.trim().replaceAll(',', ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 1250 → '12.50', as the forms prefill a price. */
export const dollarsFromCents = (cents: number) => (cents / 100).toFixed(2);

/** How long a new quote holds unless staff choose otherwise. */
export const DEFAULT_QUOTE_DAYS = 30;

/** The default last day of a new quote: 30 business (New York) days from today, YYYY-MM-DD. */
export const defaultQuoteLastDay = (now: Date) => addDays(businessDay(now), DEFAULT_QUOTE_DAYS);
