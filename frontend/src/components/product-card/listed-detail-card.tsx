import { productDetailHref } from '@/lib/catalogue-links.ts';
import type { ListedDetail } from '@/lib/catalogue-shapes.ts';
import { ProductCard, type ProductCardProps } from './product-card.tsx';

interface ListedDetailCardProps extends Pick<ProductCardProps, 'note' | 'headingLevel'> {
  detail: ListedDetail;
}

/** A listed detail (related products, home lists, search results, featured products) as its product card. */
export function ListedDetailCard({ detail, ...card }: ListedDetailCardProps) {
  return (
    <ProductCard
      href={productDetailHref(detail.detailId, detail.productType)}
      eyebrow={detail.subproductName}
      title={detail.productType}
      imageUrl={detail.image?.url ?? null}
      price={detail.price}
      inStock={detail.inStock}
      {...card}
    />
  );
}
