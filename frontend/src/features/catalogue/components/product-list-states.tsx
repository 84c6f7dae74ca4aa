import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';

/** The product categories as they load (the home page's cards and /products): loading, failed with Try again, none yet, or the list. */
export function ProductListStates<T>({
  query,
  children,
}: {
  query: UseQueryResult<T[]>;
  children(products: T[]): ReactNode;
}) {
  if (query.isPending) return <LoadingState>Loading products…</LoadingState>;
  if (query.isError)
    return (
      <ErrorState
        message={`Products could not be loaded. ${query.error.message}`}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  if (query.data.length === 0) return <EmptyState>No products yet</EmptyState>;
  return children(query.data);
}

/** A product category's monogram: the first letter of its name, decoration only. */
export function ProductMonogram({ name }: { name: string }) {
  return (
    <span className="category-card__monogram" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
