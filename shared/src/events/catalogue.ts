/** Events of the catalogue's top level: the list of products, their names, visibility and order. */
export const CATALOGUE_STREAM = 'catalogue';

export type CatalogueEvent =
  | { type: 'ProductCreated'; data: { productId: string; name: string; displayOrder: number } }
  | { type: 'ProductRenamed'; data: { productId: string; name: string } }
  | { type: 'ProductVisibilityChanged'; data: { productId: string; visible: boolean } }
  | { type: 'ProductsReordered'; data: { productIds: string[] } }
  | { type: 'ProductDeleted'; data: { productId: string } };

export type CatalogueEventType = CatalogueEvent['type'];

export const catalogueEventTypes: readonly CatalogueEventType[] = [
  'ProductCreated',
  'ProductRenamed',
  'ProductVisibilityChanged',
  'ProductsReordered',
  'ProductDeleted',
];
