import { addDays, businessDay } from '@labshop/contracts/orders/business-day';

/** How long a new quote holds unless staff choose otherwise. */
export const DEFAULT_QUOTE_DAYS = 30;

/** The default last day of a new quote: 30 business (New York) days from today, YYYY-MM-DD. */
export const defaultQuoteLastDay = (now: Date) => addDays(businessDay(now), DEFAULT_QUOTE_DAYS);
