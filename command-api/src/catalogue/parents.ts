import type { EventStore } from '@labshop/platform/event-store/port';
import { CATALOGUE_STREAM, productStream, subproductStream } from '@labshop/contracts/catalogue/events';
import { DomainError } from '@labshop/contracts/domain-error';
import { foldStream } from '@labshop/platform/deciders/handle-command';
import { catalogueDecider } from './decider.ts';
import { productStreamDecider } from './subproducts/decider.ts';
import { subproductStreamDecider } from './details/decider.ts';

/**
 * Each level's existence is recorded in its parent's stream, and a deletion is never copied into the
 * streams below. So a command on a child stream first checks, from the streams above, that every
 * parent still exists (a deleted parent's streams are never written again).
 */
export async function requireProduct(store: EventStore, productId: string): Promise<void> {
  const { state: catalogue } = await foldStream(store, CATALOGUE_STREAM, catalogueDecider);
  if (!catalogue.products[productId]) throw new DomainError('not_found', 'Product not found');
}

export async function requireSubproduct(store: EventStore, productId: string, subproductId: string): Promise<void> {
  await requireProduct(store, productId);
  const { state: product } = await foldStream(store, productStream(productId), productStreamDecider);
  if (!product.subproducts[subproductId]) throw new DomainError('not_found', 'Subproduct not found');
}

/** For uploads: refuses before any byte is written to disk. */
export async function requireDetail(
  store: EventStore,
  productId: string,
  subproductId: string,
  detailId: string,
): Promise<void> {
  await requireSubproduct(store, productId, subproductId);
  const { state: subproduct } = await foldStream(store, subproductStream(subproductId), subproductStreamDecider);
  if (!subproduct.details[detailId]) throw new DomainError('not_found', 'Detail not found');
}
