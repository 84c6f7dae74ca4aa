import { NEW_SERVICE_DEFAULTS, serviceInput, type ServiceInput } from '@labshop/shared/commands/services';
import { normalizeEditorHtml } from '@/components/rich-text-editor/editor-html.ts';

/** The service form as typed: the order is the number input's text until it is checked. */
export interface ServiceFormValues {
  heading: string;
  category: string;
  price: string;
  order: string;
  content: string;
  isActive: boolean;
}

export type ServiceFormField = keyof ServiceFormValues;

/** A new service: the spec's defaults (price '100', order 1, active). */
export const newServiceForm = (): ServiceFormValues => ({
  heading: '',
  category: '',
  price: NEW_SERVICE_DEFAULTS.price,
  order: String(NEW_SERVICE_DEFAULTS.order),
  content: '',
  isActive: NEW_SERVICE_DEFAULTS.isActive,
});

export const serviceFormOf = (service: Omit<ServiceInput, 'order'> & { order: number }): ServiceFormValues => ({
  heading: service.heading,
  category: service.category,
  price: service.price,
  order: String(service.order),
  content: service.content,
  isActive: service.isActive,
});

export type CheckedServiceForm = { ok: true; input: ServiceInput } | { ok: false; fields: Partial<Record<ServiceFormField, string>> };

/** Checks the form with the command API's own schema, so the messages are the server's. */
export function checkServiceForm(values: ServiceFormValues): CheckedServiceForm {
  const order = values.order.trim() === '' ? undefined : Number(values.order);
  const parsed = serviceInput.safeParse({ ...values, order, content: normalizeEditorHtml(values.content) });
  if (parsed.success) return { ok: true, input: parsed.data };
  const fields: Partial<Record<ServiceFormField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values) fields[field as ServiceFormField] ??= issue.message;
  }
  return { ok: false, fields };
}

export type OrderDirection = 'ascending' | 'descending';

/** The Manage tab's sort: by order, ties by creation time (the storefront's order); descending is its exact reverse. */
export function sortedByOrder<T extends { order: number; createdAt: string }>(services: readonly T[], direction: OrderDirection): T[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...services].sort((a, b) => sign * (a.order - b.order || a.createdAt.localeCompare(b.createdAt)));
}
