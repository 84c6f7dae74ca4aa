import { uploadedProductFields, type UploadedProductFieldValues } from '@labshop/contracts/catalogue/uploads-commands';
import { parseDollars, plainDollars } from '@labshop/contracts/money';
import { normalizeEditorHtml } from '@/components/rich-text-editor/editor-html.ts';
import type { UploadedProduct } from './api/get-uploaded-products.ts';

/** The product upload form as typed: money in dollars, numbers as text. */
export interface UploadFormValues {
  productName: string;
  productType: string;
  price: string;
  quantity: string;
  productUrl: string;
  innerPackageId: string;
  description: string;
}

export type FieldErrors = Record<string, string>;

export const emptyUploadForm = (): UploadFormValues => ({
  productName: '',
  productType: '',
  price: '',
  quantity: '',
  productUrl: '',
  innerPackageId: '',
  description: '',
});

export const uploadFormValuesOf = (product: UploadedProduct): UploadFormValues => ({
  productName: product.productName,
  productType: product.productType,
  price: plainDollars(product.priceCents),
  quantity: String(product.quantity),
  productUrl: product.productUrl ?? '',
  innerPackageId: product.innerPackageId,
  description: product.description,
});

const PRICE_MESSAGE = 'Valid price is required (min 0)';

/**
 * The form as the command's fields, checked with the server's own schema so the messages are the
 * server's (the spec's). Dollars become cents; a price that is no dollar amount gets the price message.
 */
export function uploadFieldsOf(
  values: UploadFormValues,
): { fields: UploadedProductFieldValues } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const priceCents = parseDollars(values.price);
  if (priceCents === null) errors.priceCents = PRICE_MESSAGE;
  const checked = uploadedProductFields.safeParse({
    productName: values.productName,
    productType: values.productType,
    priceCents: priceCents ?? 0,
    quantity: values.quantity.trim() === '' ? undefined : Number(values.quantity),
    productUrl: values.productUrl,
    innerPackageId: values.innerPackageId,
    description: normalizeEditorHtml(values.description),
  });
  if (!checked.success) for (const issue of checked.error.issues) errors[issue.path.join('.')] ??= issue.message;
  if (!checked.success || Object.keys(errors).length > 0) return { errors };
  return { fields: checked.data };
}
