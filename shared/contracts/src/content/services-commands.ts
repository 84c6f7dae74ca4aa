import { z } from 'zod';
import { entityId, expectedVersion, expectedVersionParam, requiredText, richText } from '../fields.ts';
import { positionResponse } from '../answers.ts';

/** The spec's defaults for a new service: price '100', order 1, active. */
export const NEW_SERVICE_DEFAULTS = { price: '100', order: 1, isActive: true } as const;

/** The highest list position a service may take. */
export const SERVICE_ORDER_MAX = 100_000;

/**
 * Whether rich HTML shows anything: some text or an image once the tags are gone. An editor left
 * empty sends '<p><br></p>', and sanitising can leave nothing of what was sent.
 */
export function hasVisibleContent(html: string): boolean {
  if (/<img\b/i.test(html)) return true;
  const text = html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;/gi, ' ');
  return /[^\s\u200B-\u200D\uFEFF]/.test(text);
}

const order = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'Order is required' : 'Order must be a whole number',
  })
  .int('Order must be a whole number')
  .min(0, 'Order must be 0 or more')
  .max(SERVICE_ORDER_MAX, `Order must be at most ${SERVICE_ORDER_MAX}`);

const description = richText('Description').refine(hasVisibleContent, 'Description is required');

const isActive = z.boolean({ error: 'Status must be active (true) or inactive (false)' });

/** The back office's service form (Create Service). Every field is required, as the spec says; the form fills the defaults. */
export const serviceInput = z.strictObject({
  heading: requiredText('Service heading', 200),
  category: requiredText('Category', 100),
  price: requiredText('Price', 50),
  order,
  content: description,
  isActive,
});

/**
 * A create may carry an id the client made: a retried create (a double click, a rerun of the demo seed)
 * then lands on the same stream and is refused with 409 instead of making a second service.
 */
export const createServiceInput = serviceInput.extend({ serviceId: entityId('Service').optional() });

/** The same form when editing: every field again (a replacement), and the version the admin opened. */
export const editServiceInput = serviceInput.extend({ expectedVersion: expectedVersion.optional() });

/** The active toggle of the service list. */
export const changeServiceStatusInput = z.strictObject({ isActive, expectedVersion: expectedVersion.optional() });

export const serviceIdParams = z.strictObject({ serviceId: entityId('Service') });

export type ServiceInput = z.infer<typeof serviceInput>;
export type EditServiceInput = z.infer<typeof editServiceInput>;
export type ChangeServiceStatusInput = z.infer<typeof changeServiceStatusInput>;

/** A delete may name the version the admin saw, like an edit (`?expectedVersion=3`, or If-Match). */
export const deleteServiceQuery = z.strictObject({
  expectedVersion: expectedVersionParam.optional(),
});

/** Every service command's answer: its position and the service's version after it. */
export const serviceVersionResponse = positionResponse.extend({
  version: z.number().int().describe("The service's version after this command"),
});
export type ServiceVersionAnswer = z.infer<typeof serviceVersionResponse>;

export const serviceCreatedResponse = serviceVersionResponse.extend({ serviceId: z.string() });
export type ServiceCreatedAnswer = z.infer<typeof serviceCreatedResponse>;
