import type { Projection } from './projection.ts';
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

export type { Projection, ProjectionDocuments } from './projection.ts';
export { startProjectionRunner, type ProjectionProgress, type ProjectionRunner } from './runtime/projection-runner.ts';
export { foldInMemory } from './runtime/fold-in-memory.ts';
export { activeVersion, checkpointName, lastChangeName, physicalCollection } from './runtime/generations.ts';
export {
  catalogueTree,
  type CatalogueTree,
  type TreeSubproduct,
  type TreeDetail,
} from './catalogue-tree/projection.ts';
export { catalogueDetails, type CatalogueDetail } from './catalogue-details/projection.ts';
export { customerProfiles, type CustomerProfile } from './customer-profiles/projection.ts';
export { customerAddresses } from './customer-addresses/projection.ts';
export { carts } from './carts/projection.ts';
export { orderDesk } from './order-desk/projection.ts';
export {
  bestSellers,
  isSalesDay,
  saleDay,
  windowStartDay,
  BEST_SELLER_WINDOW_DAYS,
  type BestSellersDocument,
  type SalesDay,
  type DetailUnits,
} from './best-sellers/projection.ts';
export {
  auditLog,
  auditEntityId,
  auditRowId,
  type AuditLogDocument,
  type AuditRow,
  type AuditEntity,
  type FieldChange,
} from './audit-log/projection.ts';

export { inbox } from './inbox/projection.ts';
export { services } from './services/projection.ts';
export { uploadedProducts } from './uploaded-products/projection.ts';
export { blogItems } from './blog-items/projection.ts';
export { taxExemptions } from './tax-exemptions/projection.ts';

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
