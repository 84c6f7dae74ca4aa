import { Navigate, useParams } from 'react-router-dom';
import { InquiryForm } from '@/features/inquiries/inquiry-form.tsx';
import { ServicePage } from '@/features/services/components/service-page.tsx';
import { isCatalogueId } from '@/lib/catalogue-links.ts';

/** /service/:category/:id — the category is cosmetic; only the id is read. The side inquiry form is seeded with the service's category. */
export function ServiceRoute() {
  const { id } = useParams();
  if (!isCatalogueId(id)) return <Navigate to="/services" replace />;
  return (
    <div className="container page">
      <ServicePage key={id} serviceId={id} inquiryForm={(service) => <InquiryForm service={service.category} />} />
    </div>
  );
}
