import { ServiceCards } from '@/features/services/components/service-cards.tsx';
import { useHomeLists } from '@/features/home/api/get-home-lists.ts';
import { HomeProductList } from '@/features/home/components/home-product-list.tsx';
import { FEATURED_SHOWN } from '@/features/home/home-constants.ts';
import { Breadcrumb } from '@/components/breadcrumb/breadcrumb.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';

/** /services: a card per active service, then the featured products (4 shown, View More / View Less). */
export function ServicesRoute() {
  usePageTitle('Services');
  const home = useHomeLists();
  return (
    <>
      <div className="container page">
        <Breadcrumb crumbs={[{ label: 'Home', to: '/' }, { label: 'Services' }]} />
        <div className="page__header">
          <h1>Custom research services</h1>
          <p className="page__lead">
            Cell line authentication, viral vectors, exosomes, plasmids and more, run by our laboratory for yours.
          </p>
        </div>
        <ServiceCards />
      </div>
      <HomeProductList
        heading="Featured Products"
        items={home.data?.featured}
        loading={home.isPending}
        error={home.error}
        onRetry={() => void home.refetch()}
        retrying={home.isRefetching}
        shownByDefault={FEATURED_SHOWN}
        toggleLabels={{ collapsed: 'View More', expanded: 'View Less' }}
        emptyText="No featured products at the moment."
      />
    </>
  );
}
