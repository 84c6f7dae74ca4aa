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

/**
 * The form as the command's fields, for the server's own schema to check, so the messages are the
 * server's (the spec's): dollars become cents (text that is no amount, NaN: 'Valid price is required'),
 * an empty quantity is a missing one.
 */
export const uploadBodyOf = (values: UploadFormValues) => ({
  productName: values.productName,
  productType: values.productType,
  priceCents: parseDollars(values.price) ?? Number.NaN,
  quantity: values.quantity.trim() === '' ? undefined : Number(values.quantity),
  productUrl: values.productUrl,
  innerPackageId: values.innerPackageId,
  description: normalizeEditorHtml(values.description),
});
