import { z } from 'zod';

/** A required text field whose messages name it the way a person would read it. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

export const email = z
  .string({ error: (issue) => (issue.input === undefined ? 'Email is required' : 'Please enter a valid email address') })
  .trim()
  .toLowerCase()
  .pipe(z.email('Please enter a valid email address').max(254, 'Please enter a valid email address'));

export const entityId = (label: string) => z.uuid(`${label} must be a valid id`);

/** An optional text field ('' when left empty). */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
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

/** Rich HTML from the editor; the command API sanitises it (shared/rich-text.ts) before it is stored. */
export function richText(label: string) {
  return z.string({ error: `${label} must be text` }).max(RICH_TEXT_MAX_LENGTH, `${label} must be at most ${RICH_TEXT_MAX_LENGTH} characters`);
}
