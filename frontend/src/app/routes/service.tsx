import { Navigate, useParams } from 'react-router-dom';
import { ServicePage } from '@/features/services/components/service-page.tsx';
import { isCatalogueId } from '@/lib/catalogue-links.ts';

/** /service/:category/:id — the category is cosmetic; only the id is read. */
export function ServiceRoute() {
  const { id } = useParams();
  if (!isCatalogueId(id)) return <Navigate to="/services" replace />;
  return (
    <div className="container page">
      {/* TODO(services): the inquiries feature's InquiryForm goes here once it is merged (see the services README). */}
      <ServicePage key={id} serviceId={id} inquiryForm={() => null} />
    </div>
  );
}
