import { formatUsd } from '@labshop/contracts/money';
import { formatTaxRate } from '@labshop/contracts/tax/sales-tax';
import { isDocumentNumber } from '@labshop/contracts/orders/document-numbers';

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
  shipsOnDryIce: 'Ships on dry ice',
  image: 'Image',
  manualPdf: 'Manual (PDF)',
  flyerPdf: 'Flyer (PDF)',
  technicalNotesPdf: 'Technical notes (PDF)',
  files: 'Files',
};

/** Units in stored names are how a value is kept, not what it is: `subtotalCents` is the Subtotal, `taxRateBasisPoints` the Tax rate. */
const STORAGE_UNITS = /(Cents|BasisPoints)$/;

/** `trackingNumber` → `Tracking number`, `order-put-on-hold` → `Order put on hold`: any feature's names, readable. */
function humanise(name: string) {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('-', ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A row's field in an entity made of rows reads with its row: `<itemId>.productName` "Product name (row <itemId>)", a
 * document's `CN-LUM…-1.amountCents` "Amount (CN-LUM…-1)" (a document is named by its number).
 */
export function auditFieldLabel(field: string): string {
  const dot = field.lastIndexOf('.');
  if (dot > 0) {
    const row = field.slice(0, dot);
    return `${auditFieldLabel(field.slice(dot + 1))} (${isDocumentNumber(row) ? row : `row ${row}`})`;
  }
  return fieldLabels[field] ?? humanise(field.replace(STORAGE_UNITS, ''));
}

/** Actions are event types in kebab case (product-renamed, admin-sign-in-failed). */
export const auditActionLabel = (action: string) => humanise(action);

/** An entity type as a person says it: `service-request` → `Service request`. */
export const auditEntityLabel = (entityType: string) => humanise(entityType);

/** Rich text is shown as its (escaped) markup, cut short: enough to recognise the change, not a page of HTML. */
export const HTML_PREVIEW_LENGTH = 120;

const htmlFields = new Set(['content', 'contents']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An uploaded file as events and read models keep it: the stored name (served under /content/) and the name it was uploaded with. */
export interface AuditFile {
  name: string;
  originalName: string;
}

export const isAuditFile = (value: unknown): value is AuditFile =>
  isRecord(value) && typeof value.originalName === 'string' && typeof value.name === 'string';

/** Where an uploaded file is served. */
export const auditFileUrl = (file: AuditFile) => `/content/${encodeURIComponent(file.name)}`;

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
export function formatAuditValue(qualifiedField: string, value: unknown): string {
  const field = qualifiedField.slice(qualifiedField.lastIndexOf('.') + 1);
  if (value === null || value === undefined) return 'none';
  if (field.endsWith('Cents') && typeof value === 'number') return formatUsd(value);
  if (field.endsWith('BasisPoints') && typeof value === 'number') return formatTaxRate(value);
  if (field === 'addPercentage' && typeof value === 'number') return `${value}%`;
  if (field === 'visible' && typeof value === 'boolean') return value ? 'Shown' : 'Hidden';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'priceTiers' && Array.isArray(value))
    return value.length === 0 ? 'none' : value.map(priceTierText).join('; ');
  if (isAuditFile(value)) return value.originalName;
  if (typeof value === 'string') {
    if (value === '') return '(empty)';
    return htmlFields.has(field) ? shortened(value) : value;
  }
  if (typeof value === 'number') return String(value);
  // Anything made of parts (an address, an order's lines, a detail's files): each part by its label, as people read it.
  if (Array.isArray(value))
    return value.length === 0 ? 'none' : value.map((item) => formatAuditValue(field, item)).join('; ');
  if (isRecord(value)) {
    const parts = Object.entries(value).filter(([, part]) => part !== null && part !== undefined && part !== '');
    return parts.length === 0
      ? 'none'
      : parts.map(([name, part]) => `${auditFieldLabel(name)}: ${formatAuditValue(name, part)}`).join(', ');
  }
  return String(value);
}
