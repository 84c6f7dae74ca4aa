import { BUSINESS_TIME_ZONE } from '@labshop/contracts/orders/business-day';

// The shop is in the United States and numbers its orders by the New York date, so the date a
// customer reads on an order card is that same date, wherever their browser is.
const parts = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: BUSINESS_TIME_ZONE,
});

/** '5 March, 2025' (the spec's My Orders format) for an ISO timestamp. */
export function formatOrderDate(isoTimestamp: string): string {
  const byType = Object.fromEntries(parts.formatToParts(new Date(isoTimestamp)).map((part) => [part.type, part.value]));
  return `${byType.day} ${byType.month}, ${byType.year}`;
}
