import type { CreateDetailInput, EditDetailInput } from '@labshop/contracts/catalogue/details-commands';
import { detailFieldNames, type DetailFields } from '@labshop/contracts/catalogue/events';
import { parseDollars, plainDollars } from '@labshop/contracts/money';
import { sameValue } from '@labshop/contracts/same-value';
import { normalizeEditorHtml } from '@/components/rich-text-editor/editor-html.ts';

/** A price tier as typed: money in dollars. `key` keeps React rows stable while tiers are added and removed. */
export interface PriceTierDraft {
  key: string;
  price: string;
  packSize: string;
  description: string;
  catalogNumber: string;
}

/** The detail form's state: what the inputs hold (text), not what the API takes (numbers in cents). */
export interface DetailFormValues {
  productType: string;
  quantity: string;
  price: string;
  addPercentage: string;
  priceTiers: PriceTierDraft[];
  catalogNumber: string;
  innerPackageId: string;
  bestseller: boolean;
  featured: boolean;
  featuredText: string;
  productUrl: string;
  contents: string;
  /** Orders holding it pay the checkout's cold-chain surcharge once. */
  shipsOnDryIce: boolean;
}

/** Messages keyed by the request body's path, as the server words them (`priceTiers.0.packSize`). */
export type { FieldMessages as FieldErrors } from '@/hooks/use-command-form.ts';

let tierKeys = 0;

export const emptyPriceTier = (): PriceTierDraft => ({
  key: `tier-${++tierKeys}`,
  price: '',
  packSize: '',
  description: '',
  catalogNumber: '',
});

export const emptyDetailForm = (): DetailFormValues => ({
  productType: '',
  quantity: '',
  price: '',
  addPercentage: '0',
  priceTiers: [],
  catalogNumber: '',
  innerPackageId: '',
  bestseller: false,
  featured: false,
  featuredText: '',
  productUrl: '',
  contents: '',
  shipsOnDryIce: false,
});

export const detailFormValuesOf = (detail: DetailFields): DetailFormValues => ({
  productType: detail.productType,
  quantity: String(detail.quantity),
  price: plainDollars(detail.priceCents),
  addPercentage: String(detail.addPercentage),
  priceTiers: detail.priceTiers.map((tier) => ({
    ...emptyPriceTier(),
    price: plainDollars(tier.priceCents),
    packSize: tier.packSize,
    description: tier.description,
    catalogNumber: tier.catalogNumber,
  })),
  catalogNumber: detail.catalogNumber,
  innerPackageId: detail.innerPackageId,
  bestseller: detail.bestseller,
  featured: detail.featured,
  featuredText: detail.featuredText,
  productUrl: detail.productUrl ?? '',
  contents: detail.contents,
  // Details created before the flag have none: they do not ship on dry ice.
  shipsOnDryIce: detail.shipsOnDryIce ?? false,
});

/** '' stays missing (the schema's "required" message); anything else goes as a number, NaN included, to be refused. */
const numberOrMissing = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** Dollars as typed → cents; text that is no dollar amount goes as NaN, which the schema refuses with its price message. */
const centsOf = (text: string) => parseDollars(text) ?? Number.NaN;

/**
 * The command's body for what the form holds, before the server's own schema (createDetailInput)
 * checks it: the form's resolver, so the browser words its messages exactly as the server would.
 */
export const detailBodyOf = (values: DetailFormValues) => ({
  productType: values.productType,
  quantity: numberOrMissing(values.quantity),
  priceCents: centsOf(values.price),
  addPercentage: numberOrMissing(values.addPercentage) ?? 0,
  priceTiers: values.priceTiers.map((tier) => ({
    priceCents: centsOf(tier.price),
    packSize: tier.packSize,
    description: tier.description,
    catalogNumber: tier.catalogNumber,
  })),
  catalogNumber: values.catalogNumber,
  innerPackageId: values.innerPackageId,
  bestseller: values.bestseller,
  featured: values.featured,
  featuredText: values.featuredText,
  productUrl: values.productUrl,
  contents: normalizeEditorHtml(values.contents),
  shipsOnDryIce: values.shipsOnDryIce,
});

/**
 * The fields whose value really changes, for an edit. The rich text is compared only when the admin
 * typed in it: the editor re-serialises stored HTML in its own way, which would look like a change.
 */
export function changedDetailFields(
  saved: DetailFields,
  next: CreateDetailInput,
  contentsEdited: boolean,
): EditDetailInput {
  const changes: Record<string, unknown> = {};
  for (const field of detailFieldNames) {
    if (field === 'contents' && !contentsEdited) continue;
    // A detail created before the dry-ice flag has none: it does not ship on dry ice.
    const before = field === 'shipsOnDryIce' ? (saved.shipsOnDryIce ?? false) : saved[field];
    if (!sameValue(before, next[field])) changes[field] = next[field];
  }
  return changes as EditDetailInput;
}
