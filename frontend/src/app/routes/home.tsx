import { Link } from 'react-router-dom';
import { ProductCategories } from '@/features/catalogue/components/product-categories.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import './home.css';

export function HomeRoute() {
  usePageTitle('Life-science research supplies');
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <div className="container hero__inner">
          <p className="hero__eyebrow">Life-science research supplies</p>
          <h1 id="hero-heading">Everything your lab needs, from cell culture to instruments</h1>
          <p className="hero__lead">
            Lab consumables, laboratory instruments, cell culture, exosome and mycoplasma products, and custom research
            services for laboratories across the United States.
          </p>
          <Link to="/products" className="button button--primary hero__cta">
            Browse all products
          </Link>
        </div>
      </section>
      <section className="container page" aria-labelledby="categories-heading">
        <div className="page__header">
          <h2 id="categories-heading">Product categories</h2>
        </div>
        <ProductCategories variant="links" headingLevel="h3" />
      </section>
    </>
  );
}
