import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PriceDisplay } from '@/components/price/price-display.tsx';
import { ProductImage } from '@/components/product-image/product-image.tsx';
import { StockBadge } from '@/components/stock-badge/stock-badge.tsx';
import './product-card.css';

export interface ProductCardProps {
  href: string;
  /** The card's heading (e.g. the product type). */
  title: string;
  /** A line above the heading (e.g. the sub-product name). */
  eyebrow?: string;
  imageUrl: string | null;
  price?: { formatted: string; listFormatted: string; percentOff: number };
  /** Extra text under the price (e.g. a featured product's blurb). */
  note?: string;
  headingLevel?: 'h2' | 'h3';
  linkLabel?: string;
  /** Shown as an In Stock / Out of Stock marker, so a card never promotes what cannot be bought unnoticed. */
  inStock?: boolean;
}

/** A catalogue card; its one link covers the whole card, so the card is a single tab stop and click target. */
export function ProductCard({
  href,
  title,
  eyebrow,
  imageUrl,
  price,
  note,
  headingLevel: Heading = 'h3',
  linkLabel = 'View Product',
  inStock,
}: ProductCardProps) {
  return (
    <article className="product-card">
      <ProductImage className="product-card__image" url={imageUrl} alt="" />
      <div className="product-card__body">
        {eyebrow !== undefined && <p className="product-card__eyebrow">{eyebrow}</p>}
        <Heading className="product-card__title">{title}</Heading>
        {price !== undefined && <PriceDisplay {...price} />}
        {inStock !== undefined && <StockBadge inStock={inStock} />}
        {note !== undefined && note !== '' && <p className="product-card__note">{note}</p>}
        <Link to={href} className="product-card__link">
          {linkLabel}
          <span className="visually-hidden">{`: ${[eyebrow, title].filter(Boolean).join(' ')}`}</span>
        </Link>
      </div>
    </article>
  );
}

/** The responsive grid product cards sit in. */
export function ProductCardGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="product-card-grid" aria-label={label}>
      {children}
    </ul>
  );
}
