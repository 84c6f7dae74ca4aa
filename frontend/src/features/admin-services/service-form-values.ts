import { NEW_SERVICE_DEFAULTS, type ServiceInput } from '@labshop/contracts/content/services-commands';
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

/** The command's body for what the form holds, checked by serviceInput (the server's schema) in the form's resolver. */
export const serviceBodyOf = (values: ServiceFormValues) => ({
  ...values,
  order: values.order.trim() === '' ? undefined : Number(values.order),
  content: normalizeEditorHtml(values.content),
});

export type OrderDirection = 'ascending' | 'descending';

/** The Manage tab's sort: by order, ties by creation time (the storefront's order); descending is its exact reverse. */
export function sortedByOrder<T extends { order: number; createdAt: string }>(
  services: readonly T[],
  direction: OrderDirection,
): T[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...services].sort((a, b) => sign * (a.order - b.order || a.createdAt.localeCompare(b.createdAt)));
}
