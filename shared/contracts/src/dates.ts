import { BUSINESS_TIME_ZONE } from './orders/business-day.ts';

/**
 * Dates and times as every surface shows them (pages, PDFs, emails, the ledger): on the shop's business
 * clock (America/New_York), whatever zone the server or the reader is in. A time always carries its zone,
 * labelled 'ET' all year (Intl would say EST or EDT by season, and nothing for a date alone).
 */
export const BUSINESS_ZONE_LABEL = 'ET';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: BUSINESS_TIME_ZONE });
const timeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: BUSINESS_TIME_ZONE,
});

const orderDateFormat = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: BUSINESS_TIME_ZONE,
});

/** 'November 25, 2026': the business day an instant falls on. */
export const formatBusinessDate = (at: string | Date) => dateFormat.format(new Date(at));

/** 'Nov 25, 2026, 3:04 PM ET': an instant to the minute, with its zone. */
export const formatBusinessTime = (at: string | Date) => `${timeFormat.format(new Date(at))} ${BUSINESS_ZONE_LABEL}`;

/** '5 March, 2025': the spec's My Orders wording of the business day an instant falls on (the order number's date). */
export function formatOrderDate(at: string | Date): string {
  const part = Object.fromEntries(orderDateFormat.formatToParts(new Date(at)).map(({ type, value }) => [type, value]));
  return `${part.day} ${part.month}, ${part.year}`;
}

/** Whether a text is a day written YYYY-MM-DD that the calendar has ('2026-02-29' is not). */
export function isIsoDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const midnight = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(midnight) && new Date(midnight).toISOString().startsWith(text);
}

/** The support team's hours, as every page and email states them. */
export const SUPPORT_HOURS = `Monday to Friday, 8.30 am to 5.30 pm ${BUSINESS_ZONE_LABEL}`;
