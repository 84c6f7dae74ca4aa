import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import type { CatalogueImage, ListedDetail, Price } from '@/lib/catalogue-shapes.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type CatalogueDocument = { url: string; name: string; size: number } | null;

export interface PriceTier {
  packSize: string;
  /** Replaces the product type when set. */
  description: string;
  catalogNumber: string;
  price: Price;
}

export interface ProductDetail {
  detailId: string;
  productType: string;
  catalogNumber: string;
  innerPackageId: string;
  productUrl: string | null;
  product: { productId: string; name: string };
  subproduct: { subproductId: string; name: string };
  /** Stock. */
  quantity: number;
  inStock: boolean;
  price: Price;
  priceTiers: PriceTier[];
  image: CatalogueImage;
  /** Sanitised HTML. */
  contents: string;
  documents: { manual: CatalogueDocument; flyer: CatalogueDocument; technicalNotes: CatalogueDocument };
  related: ListedDetail[];
}

export const getProductDetail = (detailId: string, signal?: AbortSignal) =>
  apiClient.get<ProductDetail>(`/api/catalogue/details/${encodeURIComponent(detailId)}`, { signal });

export const productDetailQueryOptions = (detailId: string) =>
  queryOptions({
    queryKey: [...queryKeys.catalogue, 'detail', detailId],
    queryFn: ({ signal }) => getProductDetail(detailId, signal),
  });

export const useProductDetail = (detailId: string) => useQuery(productDetailQueryOptions(detailId));
