import { ProductCategories } from '@/features/catalogue/components/product-categories.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';

export function ProductsRoute() {
  usePageTitle('Products');
  return (
    <div className="container page">
      <div className="page__header">
        <h1>Products</h1>
        <p className="page__lead">Browse our product categories.</p>
      </div>
      <ProductCategories variant="overview" headingLevel="h2" />
    </div>
  );
}
