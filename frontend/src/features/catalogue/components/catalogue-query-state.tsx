import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { ApiError } from '@/lib/api-client.ts';

interface CatalogueQueryStateProps {
  /** The page's query, as useQuery answers it. */
  query: { isPending: boolean; error: Error | null; refetch(): unknown; isRefetching: boolean };
  /** e.g. 'product' in 'Loading product…' and 'This product is not available.' */
  what: string;
}

/**
 * Loading and failure states of a catalogue page; null once the data is there. Hidden and unknown
 * items answer 404, which is no error to retry but an item the shop does not offer (any more).
 */
export function CatalogueQueryState({
  query: { isPending, error, refetch, isRefetching },
  what,
}: CatalogueQueryStateProps) {
  if (error !== null) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      return <NotAvailable what={what} />;
    return (
      <ErrorState
        message={`The ${what} could not be loaded. ${error.message}`}
        onRetry={() => void refetch()}
        retrying={isRefetching}
      />
    );
  }
  if (isPending) return <LoadingState>{`Loading ${what}…`}</LoadingState>;
  return null;
}

/** For an item the shop does not offer: unknown, hidden, removed, or a link that names no item at all. */
export function NotAvailable({ what }: { what: string }) {
  return (
    <EmptyState>
      <h1 className="state-message__title">{`This ${what} is not available`}</h1>
      <p>It may have been removed from the catalogue.</p>
      <Link className="button button--primary" to="/products">
        Browse all products
      </Link>
    </EmptyState>
  );
}
