import type { DetailFields } from '@labshop/contracts/catalogue/events';
import { recorded } from './replay.ts';

/** Catalogue events with sensible defaults, for the catalogue projections' unit tests. */
export const fieldsOf = (changes: Partial<DetailFields> = {}): DetailFields => ({
  productType: '500 ml',
  quantity: 10,
  priceCents: 10_000,
  addPercentage: 0,
  priceTiers: [],
  catalogNumber: 'CAT-1',
  innerPackageId: 'IP-1',
  bestseller: false,
  featured: false,
  featuredText: '',
  contents: '<p>Contents</p>',
  productUrl: null,
  ...changes,
});

export const productCreated = (productId: string, name: string, displayOrder = 0) =>
  recorded('ProductCreated', { productId, name, displayOrder });
export const subproductCreated = (productId: string, subproductId: string, name: string, displayOrder = 0) =>
  recorded('SubproductCreated', { productId, subproductId, name, displayOrder });
export const detailCreated = (
  productId: string,
  subproductId: string,
  detailId: string,
  displayOrder = 0,
  fields: Partial<DetailFields> = {},
) => recorded('DetailCreated', { productId, subproductId, detailId, displayOrder, fields: fieldsOf(fields) });
