import { z } from 'zod';

/**
 * The one storable-text rule. Text a store can hold and a person can read: no NUL or other control characters
 * (tab and line breaks aside: PostgreSQL refuses NUL outright) and no lone UTF-16 surrogate (half a character,
 * which no UTF-8 store can encode).
 */
const UNSTORABLE_SOURCE =
  '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const UNSTORABLE = new RegExp(UNSTORABLE_SOURCE);

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** Text from outside that is kept as one line (a browser's User-Agent, an uploaded file's name): the unstorable and the line breaks and tabs dropped. */
const NOT_ONE_LINE = new RegExp(`${UNSTORABLE_SOURCE}|[\\t\\n\\r]`, 'g');

export function storableLine(value: string): string {
  return value.replace(NOT_ONE_LINE, '');
}

/** Something visible: a character other than white space, a control or format character or a default-ignorable (zero-width) one. */
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

export const unstorableTextMessage = (label: string) => `${label} contains characters that are not allowed`;

/** Any text the API takes (passwords, tokens, rich text included) refuses what cannot be stored. */
export function storableString(label: string, error?: z.core.$ZodStringParams['error']) {
  return z.string({ error: error ?? `${label} must be text` }).refine(isStorableText, unstorableTextMessage(label));
}

/** A required text field whose messages name it the way a person would read it; invisible characters alone count as empty. */
export function requiredText(label: string, max: number) {
  return storableString(label, (issue) =>
    issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`,
  )
    .trim()
    .min(1, `${label} is required`)
    .refine((value) => VISIBLE.test(value), `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

export const email = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Email is required' : 'Please enter a valid email address'),
  })
  .trim()
  .toLowerCase()
  .pipe(z.email('Please enter a valid email address').max(254, 'Please enter a valid email address'));

export const entityId = (label: string) => z.uuid(`${label} must be a valid id`);

const VERSION_MESSAGE = 'expectedVersion must be a whole number';

/** The version of a stream the admin saw (in the list or form they opened): a stale one is refused with 409. */
export const expectedVersion = z.number({ error: VERSION_MESSAGE }).int(VERSION_MESSAGE).min(1, VERSION_MESSAGE);

/** The same from a query string (`?expectedVersion=3`): a delete names the version it saw like an edit. */
export const expectedVersionParam = z.coerce.number({ error: VERSION_MESSAGE }).pipe(expectedVersion);

/** An optional text field ('' when left empty). */
export function optionalText(label: string, max: number) {
  return storableString(label).trim().max(max, `${label} must be at most ${max} characters`);
}

/** The new display order of a parent's children: each child's id once (checked against the stream by the decider). */
export function displayOrderInput(label: string) {
  const plural = `${label.toLowerCase()}s`;
  return z
    .array(entityId(label), { error: `Send the ${plural} as a list of ids` })
    .min(1, `The new order must list every ${label.toLowerCase()} exactly once`)
    .max(1000, `Too many ${plural}`);
}

/** The longest rich text (product content, detail contents) accepted, in characters. */
export const RICH_TEXT_MAX_LENGTH = 100_000;

/** Rich HTML from the editor; the command API sanitises it (shared/platform/src/rich-text.ts) before it is stored. */
export function richText(label: string) {
  return storableString(label).max(RICH_TEXT_MAX_LENGTH, `${label} must be at most ${RICH_TEXT_MAX_LENGTH} characters`);
}
