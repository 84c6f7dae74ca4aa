import type { Projection } from './projection.ts';
import { catalogueProducts } from './catalogue-products/projection.ts';

export type { Projection } from './projection.ts';
export { runProjection } from './runtime/run-projection.ts';
export { activeVersion, checkpointName, physicalCollection } from './runtime/generations.ts';
export { catalogueProducts, type CatalogueProduct } from './catalogue-products/projection.ts';

/** Every read model LabShop keeps. */
export const projections: readonly Projection[] = [catalogueProducts];
