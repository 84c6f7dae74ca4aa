import { useParams } from 'react-router-dom';
import { SubproductGridPage } from '@/features/catalogue/components/subproduct-grid-page.tsx';
import { isCatalogueId } from '@/lib/catalogue-links.ts';
import { NotFoundRoute } from './not-found.tsx';

/**
 * /:slug/:id — the sub-product grid. The pattern matches any two-segment path no other route claims,
 * so a path whose second segment is not a catalogue id is not found, as every unknown path is.
 */
export function SubproductRoute() {
  const { id } = useParams();
  if (!isCatalogueId(id)) return <NotFoundRoute />;
  return (
    <div className="container page">
      <SubproductGridPage key={id} subproductId={id} />
    </div>
  );
}
