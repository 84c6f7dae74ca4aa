import './stock-badge.css';

/** The spec's stock badge: In Stock when at least one is in stock, otherwise Out of Stock. */
export function StockBadge({ inStock }: { inStock: boolean }) {
  return (
    <span className={`stock-badge ${inStock ? 'stock-badge--in' : 'stock-badge--out'}`}>
      {inStock ? 'In Stock' : 'Out of Stock'}
    </span>
  );
}
