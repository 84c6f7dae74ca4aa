import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { OrderView } from '@labshop/contracts/orders/queries';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { ApiError } from '@/lib/api-client.ts';

/**
 * A checkout step's order while it cannot be shown: not found (a wrong or someone else's id: the API answers
 * 404 or 400), failed to load (with a retry), or still loading.
 */
export function OrderNotReady({ order }: { order: UseQueryResult<OrderView> }) {
  if (order.error === null) return <LoadingState>Loading your order…</LoadingState>;
  if (order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400))
    return (
      <EmptyState>
        <p>This order was not found.</p>
        <Link to="/my-order">My Orders</Link>
      </EmptyState>
    );
  return (
    <ErrorState
      message={`The order could not be loaded. ${order.error.message}`}
      onRetry={() => void order.refetch()}
      retrying={order.isRefetching}
    />
  );
}
