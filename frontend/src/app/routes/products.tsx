import { Breadcrumb } from '@/components/breadcrumb/breadcrumb.tsx';
import { ProductsOverview } from '@/features/catalogue/components/products-overview.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';

export function ProductsRoute() {
  usePageTitle('Products');
  return (
    <div className="container page">
      <Breadcrumb crumbs={[{ label: 'Home', to: '/' }, { label: 'Products' }]} />
      <div className="page__header">
        <h1>Products</h1>
        <p className="page__lead">Browse our product categories, their product lines and every product in them.</p>
      </div>
      <ProductsOverview />
    </div>
  );
}
