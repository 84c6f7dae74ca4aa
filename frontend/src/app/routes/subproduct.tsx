import { Navigate, useParams } from 'react-router-dom';
import { SubproductGridPage } from '@/features/catalogue/components/subproduct-grid-page.tsx';
import { isCatalogueId } from '@/lib/catalogue-links.ts';

/**
 * /:slug/:id — the sub-product grid. The pattern matches any two-segment path no other route claims,
 * so a path whose second segment is not a catalogue id goes home, as every unknown path does.
 */
export function SubproductRoute() {
  const { id } = useParams();
  if (!isCatalogueId(id)) return <Navigate to="/" replace />;
  return (
    <div className="container page">
      <SubproductGridPage key={id} subproductId={id} />
    </div>
  );
}
