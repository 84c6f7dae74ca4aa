import type { RouteObject } from 'react-router-dom';
import { InquiryForm } from '@/features/inquiries/inquiry-form.tsx';
import { FixedServicePage } from '@/features/service-pages/components/fixed-service-page.tsx';
import { fixedServices } from '@/features/service-pages/fixed-services.ts';

/** The five fixed service pages at the spec's paths, each with the side inquiry form preselected to it. */
export const fixedServiceRoutes: RouteObject[] = fixedServices.map((service) => ({
  path: service.path,
  element: (
    <FixedServicePage key={service.path} service={service} inquiryForm={<InquiryForm service={service.name} />} />
  ),
}));
