import { useState } from 'react';

export const defaultProductImage = '/default-product.svg';

interface ProductImageProps {
  /** null (no image uploaded) shows the default-product image. */
  url: string | null;
  alt: string;
  className?: string;
  /** Above the fold (the detail page's main image) loads at once; everything else waits until scrolled to. */
  eager?: boolean;
}

/** A catalogue image, lazy by default, falling back to the default-product image when missing or broken. */
export function ProductImage({ url, alt, className, eager = false }: ProductImageProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const source = url === null || url === failedUrl ? defaultProductImage : url;
  return (
    <img
      className={className}
      src={source}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => {
        if (source !== defaultProductImage) setFailedUrl(source);
      }}
    />
  );
}
