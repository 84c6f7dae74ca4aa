import type { Projection } from '@labshop/platform/read-store/projection';
import { catalogueTree } from './catalogue-tree/projection.ts';
import { catalogueDetails } from './catalogue-details/projection.ts';
import { auditLog } from './audit-log/projection.ts';
import { customerProfiles } from './customer-profiles/projection.ts';
import { customerAddresses } from './customer-addresses/projection.ts';
import { carts } from './carts/projection.ts';
import { orderDesk } from './order-desk/projection.ts';
import { bestSellers } from './best-sellers/projection.ts';
import { services } from './services/projection.ts';
import { inbox } from './inbox/projection.ts';
import { uploadedProducts } from './uploaded-products/projection.ts';
import { blogItems } from './blog-items/projection.ts';
import { taxExemptions } from './tax-exemptions/projection.ts';

export { startProjectionRunner, type ProjectionRunner } from './runtime/projection-runner.ts';
export {
  catalogueTree,
  catalogueDetails,
  auditLog,
  customerProfiles,
  customerAddresses,
  carts,
  orderDesk,
  bestSellers,
  services,
  inbox,
  uploadedProducts,
  blogItems,
  taxExemptions,
};

/** Every read model LabShop keeps. */
export const projections: readonly Projection[] = [
  catalogueTree,
  catalogueDetails,
  auditLog,
  customerProfiles,
  customerAddresses,
  carts,
  bestSellers,
  orderDesk,
  services,
  inbox,
  uploadedProducts,
  blogItems,
  taxExemptions,
];
