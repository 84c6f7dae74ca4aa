import { formatUsd } from '@labshop/shared/money';

const fieldLabels: Record<string, string> = {
  name: 'Name',
  visible: 'Visibility',
  displayOrder: 'Display order',
  content: 'Content',
  productType: 'Product type',
  quantity: 'Quantity',
  priceCents: 'Price',
  addPercentage: 'Discount',
  priceTiers: 'Price tiers',
  catalogNumber: 'Catalog number',
  innerPackageId: 'Inner package id',
  bestseller: 'Bestseller',
  featured: 'Featured',
  featuredText: 'Featured text',
  contents: 'Contents',
  productUrl: 'Product URL',
  image: 'Image',
  manualPdf: 'Manual (PDF)',
  flyerPdf: 'Flyer (PDF)',
  technicalNotesPdf: 'Technical notes (PDF)',
};

const actionLabels: Record<string, string> = {
  created: 'Created',
  updated: 'Updated',
  'content-changed': 'Content changed',
  shown: 'Shown in the shop',
  hidden: 'Hidden from the shop',
  reordered: 'Moved in the display order',
  'file-attached': 'File attached',
  'file-removed': 'File removed',
  deleted: 'Deleted',
};

export const auditFieldLabel = (field: string) => fieldLabels[field] ?? field;

export const auditActionLabel = (action: string) => actionLabels[action] ?? action;

/** Rich text is shown as its (escaped) markup, cut short: enough to recognise the change, not a page of HTML. */
export const HTML_PREVIEW_LENGTH = 120;

const htmlFields = new Set(['content', 'contents']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function shortened(text: string) {
  if (text.length <= HTML_PREVIEW_LENGTH) return text;
  return `${text.slice(0, HTML_PREVIEW_LENGTH)}… (${text.length.toLocaleString('en-US')} characters)`;
}

function priceTierText(tier: unknown) {
  if (!isRecord(tier)) return String(tier);
  const price = typeof tier.priceCents === 'number' ? formatUsd(tier.priceCents) : '?';
  const parts = [`${price} / ${String(tier.packSize ?? '')}`];
  if (typeof tier.description === 'string' && tier.description !== '') parts.push(tier.description);
  if (typeof tier.catalogNumber === 'string' && tier.catalogNumber !== '') parts.push(`cat. ${tier.catalogNumber}`);
  return parts.join(', ');
}

/** One side of a change (before or after) as a person reads it: money in dollars, files by name, long HTML shortened. */
export function formatAuditValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (field === 'priceCents' && typeof value === 'number') return formatUsd(value);
  if (field === 'addPercentage' && typeof value === 'number') return `${value}%`;
  if (field === 'visible' && typeof value === 'boolean') return value ? 'Shown' : 'Hidden';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'priceTiers' && Array.isArray(value)) return value.length === 0 ? 'none' : value.map(priceTierText).join('; ');
  if (isRecord(value) && typeof value.originalName === 'string') return value.originalName;
  if (typeof value === 'string') {
    if (value === '') return '(empty)';
    return htmlFields.has(field) ? shortened(value) : value;
  }
  if (typeof value === 'number') return String(value);
  return shortened(JSON.stringify(value));
}

/** When, in the admin's own time zone and locale. */
export const formatAuditTime = (at: string) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
