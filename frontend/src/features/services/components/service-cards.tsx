import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { useActiveServices } from '../api/get-active-services.ts';
import { serviceHref } from '../service-links.ts';
import './services.css';

/** /services: a card per active service, linking to its page. */
export function ServiceCards() {
  const { data: services, isPending, isError, error, refetch, isRefetching } = useActiveServices();

  if (isPending) return <LoadingState>Loading services…</LoadingState>;
  if (isError)
    return (
      <ErrorState
        message={`Services could not be loaded. ${error.message}`}
        onRetry={() => void refetch()}
        retrying={isRefetching}
      />
    );
  if (services.length === 0)
    return <EmptyState>No services are offered at the moment. Please contact us about custom research.</EmptyState>;
  return (
    <ul className="service-cards" aria-label="Services">
      {services.map((service) => (
        <li key={service.serviceId}>
          <article className="service-tile" aria-labelledby={`service-tile-${service.serviceId}`}>
            <p className="service-tile__category">{service.category}</p>
            <h2 id={`service-tile-${service.serviceId}`} className="service-tile__heading">
              <Link to={serviceHref(service)} className="service-tile__link">
                {service.heading}
              </Link>
            </h2>
            <p className="service-tile__price">Price: {service.price}</p>
            <span className="service-tile__more" aria-hidden="true">
              Learn more →
            </span>
          </article>
        </li>
      ))}
    </ul>
  );
}
