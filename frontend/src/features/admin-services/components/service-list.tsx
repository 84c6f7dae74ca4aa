import { useState } from 'react';
import { formatBusinessDate } from '@labshop/contracts/dates';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { useChangeServiceStatus } from '../api/change-service-status.ts';
import { useDeleteService } from '../api/delete-service.ts';
import { useAdminServices, type AdminService } from '../api/get-admin-services.ts';
import { sortedByOrder, type OrderDirection } from '../service-form-values.ts';
import { HistoryButton } from '@/components/history/history-button.tsx';

/** Manage Services: every service as a card with its active toggle, Edit and Delete, sorted by order either way. */
export function ServiceList({ onEdit }: { onEdit: (service: AdminService) => void }) {
  const { data: services, isPending, isError, error, refetch, isRefetching } = useAdminServices();
  const [direction, setDirection] = useState<OrderDirection>('ascending');

  if (isPending) return <LoadingState>Loading services…</LoadingState>;
  if (isError)
    return (
      <ErrorState
        message={`Failed to load services! ${error.message}`}
        onRetry={() => void refetch()}
        retrying={isRefetching}
      />
    );
  if (services.length === 0)
    return <EmptyState>No services yet. Add the first one in the Create Service tab.</EmptyState>;

  const next: OrderDirection = direction === 'ascending' ? 'descending' : 'ascending';
  return (
    <section aria-labelledby="service-list-heading">
      <div className="service-list__bar">
        <h2 id="service-list-heading">Services</h2>
        <button type="button" className="button button--secondary button--small" onClick={() => setDirection(next)}>
          Sort by order: {direction} <span aria-hidden="true">{direction === 'ascending' ? '↑' : '↓'}</span>
        </button>
      </div>
      <ul className="service-list" aria-label={`Services by order, ${direction}`}>
        {sortedByOrder(services, direction).map((service) => (
          <li key={service.serviceId}>
            <ServiceCard service={service} onEdit={() => onEdit(service)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ServiceCard({ service, onEdit }: { service: AdminService; onEdit: () => void }) {
  const changeStatus = useChangeServiceStatus();
  const deleteService = useDeleteService();
  const toast = useToast();
  const busy = changeStatus.isPending || deleteService.isPending;
  const { serviceId, heading, version, isActive } = service;

  const toggle = () =>
    changeStatus.mutate(
      { serviceId, isActive: !isActive, expectedVersion: version },
      {
        onSuccess: () => toast.success(isActive ? 'Service marked as Inactive!' : 'Service marked as Active!'),
        onError: (error) => toast.error(`Failed to update service status! ${error.message}`),
      },
    );

  const remove = () => {
    if (!window.confirm('Are you sure you want to delete this service?')) return;
    // The card leaves the list during the refetch the mutation awaits, which drops mutate()'s own callbacks: use the promise.
    deleteService.mutateAsync({ serviceId, expectedVersion: version }).then(
      () => toast.success('Service deleted successfully!'),
      (error: Error) => toast.error(`Failed to delete service! ${error.message}`),
    );
  };

  return (
    <article
      className={`service-card${isActive ? '' : ' service-card--inactive'}`}
      aria-labelledby={`service-${serviceId}`}
    >
      <h3 id={`service-${serviceId}`}>{heading}</h3>
      <dl className="service-card__facts">
        <div>
          <dt>Category</dt>
          <dd>{service.category}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{service.price}</dd>
        </div>
        <div>
          <dt>Order</dt>
          <dd>{service.order}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <time dateTime={service.createdAt}>{formatBusinessDate(service.createdAt)}</time>
          </dd>
        </div>
      </dl>
      <div className="service-card__actions">
        <label className="service-card__toggle">
          <input
            type="checkbox"
            role="switch"
            checked={isActive}
            onChange={toggle}
            disabled={busy}
            aria-label={`Active: ${heading}`}
          />
          <span aria-hidden="true">{isActive ? 'Active' : 'Inactive'}</span>
        </label>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={onEdit}
          disabled={busy}
          aria-label={`Edit ${heading}`}
        >
          Edit
        </button>
        <HistoryButton entityType="service" entityId={serviceId} itemName={heading} />
        <button
          type="button"
          className="button button--danger button--small"
          onClick={remove}
          disabled={busy}
          aria-label={`Delete ${heading}`}
        >
          Delete
        </button>
      </div>
    </article>
  );
}
