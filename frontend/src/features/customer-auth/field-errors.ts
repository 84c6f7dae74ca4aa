import type { z } from 'zod';
import { fieldMessages } from '@labshop/shared/commands/customers';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** Checks a form with the server's own schema, so the browser words its messages as the server would. */
export function fieldErrors<Field extends string>(schema: z.ZodType, values: unknown): FieldErrors<Field> {
  const result = schema.safeParse(values);
  return result.success ? {} : (fieldMessages(result.error) as FieldErrors<Field>);
}
