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
