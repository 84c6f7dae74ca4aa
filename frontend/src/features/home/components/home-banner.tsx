import { Link } from 'react-router-dom';
import { Carousel } from '@/components/carousel/carousel.tsx';
import { mainProductHref } from '@/lib/catalogue-links.ts';
import { BANNER_INTERVAL_MS, BANNER_SLIDES } from '../home-constants.ts';
import './home.css';

export interface BannerProduct {
  productId: string;
  name: string;
  subproducts: { name: string }[];
}

/** The rotating banner: one slide per product category (the first four), each leading to its main product page. */
export function HomeBanner({ products }: { products: BannerProduct[] }) {
  const slides = products.slice(0, BANNER_SLIDES).map((product, index) => ({
    key: product.productId,
    label: product.name,
    content: (
      <div className={`home-slide home-slide--${index + 1}`}>
        <div className="container home-slide__inner">
          <p className="home-slide__eyebrow">Product range</p>
          <p className="home-slide__title">{product.name}</p>
          {product.subproducts.length > 0 && (
            <p className="home-slide__text">{slideText(product.subproducts.map(({ name }) => name))}</p>
          )}
          <Link className="button home-slide__cta" to={mainProductHref(product.productId, product.name)}>
            Shop {product.name}
          </Link>
        </div>
      </div>
    ),
  }));
  return <Carousel label="Highlights" slides={slides} intervalMs={BANNER_INTERVAL_MS} />;
}

const slideText = (names: string[]) =>
  names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and more`;
