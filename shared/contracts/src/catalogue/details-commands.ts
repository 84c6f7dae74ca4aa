import { z } from 'zod';
import { fileSlots } from './events.ts';
import { displayOrderInput, entityId, expectedVersion, optionalText, requiredText, richText } from '../fields.ts';
import { positionResponse } from '../answers.ts';

/** $100,000: the spec's price range is 0 to 100000 dollars. */
export const MAX_PRICE_CENTS = 10_000_000;
export const MAX_QUANTITY = 10_000;
export const MAX_PRICE_TIERS = 20;

const PRICE_REQUIRED = 'Valid price is required (min 0)';
const QUANTITY_REQUIRED = 'Valid quantity is required (min 0)';

/** Money in integer cents, $0 to $100,000 (shared by the detail and the uploaded product). */
export const priceCents = z
  .number({ error: PRICE_REQUIRED })
  .int(PRICE_REQUIRED)
  .min(0, PRICE_REQUIRED)
  .max(MAX_PRICE_CENTS, 'Price must be at most $100,000');

const priceTier = z.strictObject({
  priceCents,
  packSize: requiredText('Pack size', 50),
  description: optionalText('Description', 200).default(''),
  catalogNumber: optionalText('Catalog number', 50).default(''),
});

export const quantity = z
  .number({ error: QUANTITY_REQUIRED })
  .int(QUANTITY_REQUIRED)
  .min(0, QUANTITY_REQUIRED)
  .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY}`);

const boolean = (label: string) => z.boolean({ error: `${label} must be true or false` });

export const productUrl = z
  .string({ error: 'Product URL must start with http:// or https://' })
  .trim()
  .max(500, 'Product URL must be at most 500 characters')
  .refine(
    (url) => url === '' || (/^https?:\/\/\S+$/i.test(url) && URL.canParse(url)),
    'Product URL must start with http:// or https://',
  )
  .transform((url) => (url === '' ? null : url))
  .nullable();

/** Each detail field with its rule and the spec's message; create and edit inputs are built from it. */
const detailFields = {
  productType: requiredText('Product type', 50),
  quantity,
  priceCents,
  addPercentage: z
    .number({ error: 'Discount must be between 0 and 100 percent' })
    .min(0, 'Discount must be between 0 and 100 percent')
    .max(100, 'Discount must be between 0 and 100 percent'),
  priceTiers: z
    .array(priceTier, { error: 'Price tiers must be a list' })
    .max(MAX_PRICE_TIERS, `At most ${MAX_PRICE_TIERS} price tiers`),
  catalogNumber: optionalText('Catalog number', 50),
  innerPackageId: optionalText('Inner package id', 50),
  bestseller: boolean('Bestseller'),
  featured: boolean('Featured'),
  featuredText: optionalText('Featured text', 500),
  contents: richText('Contents'),
  productUrl,
  shipsOnDryIce: boolean('Ships on dry ice'),
};

export const createDetailInput = z.strictObject({
  ...detailFields,
  addPercentage: detailFields.addPercentage.default(0),
  priceTiers: detailFields.priceTiers.default([]),
  catalogNumber: detailFields.catalogNumber.default(''),
  innerPackageId: detailFields.innerPackageId.default(''),
  bestseller: detailFields.bestseller.default(false),
  featured: detailFields.featured.default(false),
  featuredText: detailFields.featuredText.default(''),
  contents: detailFields.contents.default(''),
  productUrl: detailFields.productUrl.default(null),
  shipsOnDryIce: detailFields.shipsOnDryIce.default(false),
});

export const editDetailInput = z
  .strictObject({
    ...detailFields,
    visible: boolean('Visible'),
    /** The detail's version the admin saw: a stale one is refused with 409. */
    expectedVersion,
  })
  .partial()
  .refine((edit) => Object.keys(edit).length > 0, { message: 'Nothing to change: send at least one field' });

export const reorderDetailsInput = z.strictObject({ detailIds: displayOrderInput('Detail') });

export const detailListParams = z.strictObject({
  productId: entityId('Product'),
  subproductId: entityId('Subproduct'),
});
export const detailParams = detailListParams.extend({ detailId: entityId('Detail') });
export const detailFileParams = detailParams.extend({ slot: z.enum(fileSlots, { error: 'Unknown file slot' }) });

export type CreateDetailInput = z.infer<typeof createDetailInput>;
export type EditDetailInput = z.infer<typeof editDetailInput>;

/** Upload limits, checked on the bytes by the server; the form can check the size up front with the same numbers. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PDF_MAX_BYTES = 10 * 1024 * 1024;

export const fileMessages = {
  imageType: 'Only JPG, PNG or GIF images are allowed!',
  imageSize: 'Image size should be less than 2MB',
  imageMissing: 'Please select an image file',
  pdfType: 'Only PDF files are allowed!',
  pdfSize: 'PDF size should be less than 10MB',
  pdfMissing: 'Please select a PDF file',
} as const;

export const detailCreatedResponse = positionResponse.extend({ detailId: z.string() });
export type DetailCreatedAnswer = z.infer<typeof detailCreatedResponse>;

/** A file attached to a detail, as stored. */
export const fileAttachedResponse = positionResponse.extend({
  file: z.object({ name: z.string(), originalName: z.string(), contentType: z.string(), size: z.number() }),
});
