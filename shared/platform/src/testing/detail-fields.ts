import type { DetailFields } from '@labshop/contracts/catalogue/events';

/** A detail's fields for a given DetailCreated: what a test names, and empty or zero for the rest. */
export const detailFields = (given: Partial<DetailFields> & { productType: string }): DetailFields => ({
  quantity: 5,
  priceCents: 1000,
  addPercentage: 0,
  priceTiers: [],
  catalogNumber: '',
  innerPackageId: '',
  bestseller: false,
  featured: false,
  featuredText: '',
  contents: '',
  productUrl: null,
  ...given,
});
