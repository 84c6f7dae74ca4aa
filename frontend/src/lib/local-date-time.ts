/**
 * The back office picks moments with <input type="datetime-local"> (the finance ledger's as-of, time travel, the
 * audit log's range), in the admin's own time zone, to the millisecond at most; the API takes ISO instants. These
 * convert between the two, for every picker.
 */

/** `2026-05-01T14:30` (or with seconds), read as local time, as an ISO instant; null when not a moment. */
export function instantFromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value)) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

/** An ISO instant as a datetime-local input's value in local time (to the second); '' for none. */
export function localInputFromInstant(instant: string | null | undefined): string {
  if (!instant) return '';
  const time = new Date(instant);
  if (Number.isNaN(time.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}T${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())}`;
}
