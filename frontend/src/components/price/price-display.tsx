import './price-display.css';

interface PriceDisplayProps {
  /** The selling price, already formatted by the API. */
  formatted: string;
  /** The list price, shown struck through when there is a discount. */
  listFormatted: string;
  /** 0 = no discount. */
  percentOff: number;
  size?: 'normal' | 'large';
}

export function PriceDisplay({ formatted, listFormatted, percentOff, size = 'normal' }: PriceDisplayProps) {
  const discounted = percentOff > 0;
  return (
    <span className={`price price--${size}`}>
      <span className="price__selling">
        {discounted && <span className="visually-hidden">Sale price </span>}
        {formatted}
      </span>
      {discounted && (
        <>
          <s className="price__original">
            <span className="visually-hidden">Original price </span>
            {listFormatted}
          </s>
          <span className="price__off">{`${percentOff}% off`}</span>
        </>
      )}
    </span>
  );
}
