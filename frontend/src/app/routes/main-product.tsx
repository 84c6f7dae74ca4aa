import { Navigate, useParams } from 'react-router-dom';
import { MainProductPage } from '@/features/catalogue/components/main-product-page.tsx';
import { isCatalogueId } from '@/lib/catalogue-links.ts';

/** /show-main-product/:slug/:id — the slug is cosmetic; only the id is read. */
export function MainProductRoute() {
  const { id } = useParams();
  if (!isCatalogueId(id)) return <Navigate to="/" replace />;
  return (
    <div className="container page">
      <MainProductPage key={id} productId={id} />
    </div>
  );
}
