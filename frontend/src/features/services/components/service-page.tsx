import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Breadcrumb } from '@/components/breadcrumb/breadcrumb.tsx';
import { ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { RichText } from '@/components/rich-text/rich-text.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { ApiError } from '@/lib/api-client.ts';
import type { StorefrontService } from '../api/get-active-services.ts';
import { useService } from '../api/get-service.ts';
import './services.css';

interface ServicePageProps {
  serviceId: string;
  /** The side inquiry form, seeded with the service's category; supplied by the app because it belongs to the inquiries feature. */
  inquiryForm: (service: StorefrontService) => ReactNode;
}

/** /service/:category/:id: breadcrumb Home > Services > category, the heading, the description and the inquiry form. */
export function ServicePage({ serviceId, inquiryForm }: ServicePageProps) {
  const { data: service, isPending, error, refetch, isRefetching } = useService(serviceId);
  usePageTitle(service?.heading ?? 'Services');

  if (service === undefined) {
    if (isPending) return <LoadingState>Loading the service…</LoadingState>;
    if (error instanceof ApiError && error.status === 404) {
      return (
        <div className="state-message">
          <h1>Service not found</h1>
          <p>This service is no longer offered.</p>
          <Link to="/services">See all services</Link>
        </div>
      );
    }
    return (
      <ErrorState
        message={`The service could not be loaded. ${error?.message ?? ''}`}
        onRetry={() => void refetch()}
        retrying={isRefetching}
      />
    );
  }

  return (
    <>
      <Breadcrumb
        crumbs={[{ label: 'Home', to: '/' }, { label: 'Services', to: '/services' }, { label: service.category }]}
      />
      <div className="page-with-aside service-page">
        <article className="service-page__main" aria-labelledby="service-heading">
          <p className="service-tile__category">{service.category}</p>
          <h1 id="service-heading">{service.heading}</h1>
          <p className="service-page__price">Price: {service.price}</p>
          <RichText className="service-page__content" html={service.content} />
        </article>
        <aside className="service-page__aside" aria-label="Ask about this service">
          {inquiryForm(service)}
        </aside>
      </div>
    </>
  );
}
