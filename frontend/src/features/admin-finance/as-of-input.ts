/**
 * The date-time picker (`<input type="datetime-local">`) speaks the admin's local wall time to the second
 * ('2026-11-23T10:00:05'); the ledger's moments are ISO instants. These convert between the two.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as the picker shows it, in the browser's time zone. */
export function toPickerValue(iso: string): string {
  const at = new Date(iso);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

/** The picker's local wall time (seconds and milliseconds optional) as an ISO instant; null when the field is empty or incomplete. */
export function fromPickerValue(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}
