/**
 * The order desk's date filters are days as the shop lives them: New York days (the same days order
 * numbers carry), turned into the UTC instants `placedAt` is stored in.
 */
const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeZoneName: 'shortOffset' });
const DAY_MS = 24 * 60 * 60 * 1000;

/** New York's offset from UTC at `instant`, in minutes ('GMT-5' → -300). */
function newYorkOffsetMinutes(instant: Date): number {
  const name = offsetFormat.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /^GMT([+-])(\d{1,2})(?::(\d{2}))?$/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** The instant a New York day (YYYY-MM-DD) begins. */
export function newYorkDayStart(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00.000Z`);
  // Clocks change at 2 a.m., so the offset at 5 a.m. UTC (midnight or 1 a.m. in New York) is midnight's.
  const offset = newYorkOffsetMinutes(new Date(utcMidnight + 5 * 60 * 60 * 1000));
  return new Date(utcMidnight - offset * 60 * 1000);
}

/** The instant the New York day after `day` begins: the exclusive end of a range that includes `day`. */
export function newYorkDayEnd(day: string): Date {
  const next = new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10);
  return newYorkDayStart(next);
}
