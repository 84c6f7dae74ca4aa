import type { z } from 'zod';
import {
  isSalesDay,
  saleDay,
  windowStartDay,
  type BestSellersDocument,
} from '@labshop/contracts/catalogue/best-sellers-queries';
import type { Collection } from '@labshop/platform/read-store/port';
import type * as schemas from '@labshop/contracts/catalogue/queries';
import type { CatalogueIndex, ListedDetail } from './catalogue-index.ts';
import { inStockFirst, listedDetailView } from './views.ts';

/**
 * How many ranked sellers follow the pinned ones. The storefront shows 8 and All Best Sellers the rest:
 * a bounded list keeps the home answer small in a catalogue of thousands of selling details.
 */
export const TOP_SELLERS_LIMIT = 24;

/** Units sold per detail from the window's first day to `now`'s day: one read of at most 90 day documents. */
export async function unitsSoldInWindow(
  model: Collection<BestSellersDocument> | null,
  now: Date,
): Promise<Map<string, number>> {
  const sold = new Map<string, number>();
  // The range on `day` matches day documents only (the model's open-order pointers have no `day`).
  const inWindow = (
    (await model?.find({ where: { day: { $gte: windowStartDay(now), $lte: saleDay(now.toISOString()) } } })) ?? []
  ).filter(isSalesDay);
  for (const { units } of inWindow) {
    for (const { detailId, units: count } of units) sold.set(detailId, (sold.get(detailId) ?? 0) + count);
  }
  return sold;
}

/**
 * The home page's best sellers: every pinned detail in catalogue order, then the listed (visible) details
 * that sold most, ties in catalogue order; what is in stock before what is not. A pinned detail is listed
 * once, and a detail hidden or deleted since it sold is not listed at all.
 */
export function bestSellersView(
  index: CatalogueIndex,
  unitsSold: ReadonlyMap<string, number>,
): z.infer<typeof schemas.bestSellerItem>[] {
  const item = (listed: ListedDetail, pinned: boolean) => ({
    ...listedDetailView(listed),
    featuredText: listed.detail.featuredText,
    pinned,
    unitsSold: unitsSold.get(listed.detail.detailId) ?? 0,
  });
  const pinned = index.details.filter(({ detail }) => detail.bestseller);
  const ranked = index.details
    .map((listed, catalogueOrder) => ({ listed, catalogueOrder, units: unitsSold.get(listed.detail.detailId) ?? 0 }))
    .filter(({ listed, units }) => units > 0 && !listed.detail.bestseller)
    .sort((a, b) => b.units - a.units || a.catalogueOrder - b.catalogueOrder)
    .slice(0, TOP_SELLERS_LIMIT);
  return inStockFirst([
    ...pinned.map((listed) => item(listed, true)),
    ...ranked.map(({ listed }) => item(listed, false)),
  ]);
}
