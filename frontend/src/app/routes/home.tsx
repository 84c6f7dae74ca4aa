import { Link } from 'react-router-dom';
import { useCatalogueMenu } from '@/features/catalogue/api/get-catalogue-menu.ts';
import { ProductCategories } from '@/features/catalogue/components/product-categories.tsx';
import { useHomeLists } from '@/features/home/api/get-home-lists.ts';
import { HomeBanner } from '@/features/home/components/home-banner.tsx';
import { HomeProductList } from '@/features/home/components/home-product-list.tsx';
import { HomeServices } from '@/features/services/components/home-services.tsx';
import { BEST_SELLERS_SHOWN, BEST_SELLERS_SHOWN_ON_PHONES, FEATURED_SHOWN } from '@/features/home/home-constants.ts';
import { useIsPhone } from '@/hooks/use-media-query.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import './home.css';

export function HomeRoute() {
  usePageTitle('Life-science research supplies');
  const menu = useCatalogueMenu();
  const home = useHomeLists();
  const isPhone = useIsPhone();
  const listState = {
    loading: home.isPending,
    error: home.error,
    onRetry: () => void home.refetch(),
    retrying: home.isRefetching,
  };

  return (
    <>
      <h1 className="visually-hidden">LabShop: life-science research supplies</h1>
      {menu.isPending ? (
        <div className="hero hero--placeholder" aria-hidden="true" />
      ) : menu.data !== undefined && menu.data.length > 0 ? (
        <HomeBanner products={menu.data} />
      ) : (
        <WelcomeHero />
      )}
      <HomeServices />
      <HomeProductList
        heading="Featured Products"
        items={home.data?.featured}
        {...listState}
        shownByDefault={FEATURED_SHOWN}
        toggleLabels={{ collapsed: 'View More', expanded: 'View Less' }}
        emptyText="No featured products at the moment."
      />
      <HomeProductList
        heading="Best Sellers"
        items={home.data?.bestSellers}
        {...listState}
        shownByDefault={isPhone ? BEST_SELLERS_SHOWN_ON_PHONES : BEST_SELLERS_SHOWN}
        toggleLabels={{ collapsed: 'All Best Sellers', expanded: 'Fewer Best Sellers' }}
        emptyText="No best sellers at the moment."
      />
      <section className="container page" aria-labelledby="categories-heading">
        <div className="page__header">
          <h2 id="categories-heading">Product categories</h2>
        </div>
        <ProductCategories headingLevel="h3" />
      </section>
    </>
  );
}

/** Shown instead of the banner while the catalogue has no product to put on a slide. */
function WelcomeHero() {
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="container hero__inner">
        <p className="hero__eyebrow">Life-science research supplies</p>
        <p id="hero-heading" className="hero__title">
          Everything your lab needs, from cell culture to instruments
        </p>
        <p className="hero__lead">
          Lab consumables, laboratory instruments, cell culture, exosome and mycoplasma products, and custom research
          services for laboratories across the United States.
        </p>
        <Link to="/products" className="button button--primary hero__cta">
          Browse all products
        </Link>
      </div>
    </section>
  );
}
