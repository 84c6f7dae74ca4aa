import { LoadingState } from '@/components/page-state/page-state.tsx';
import { capitalised } from './capitalised.ts';

interface LoadStateProps {
  /** The list's query, as useQuery answers it. */
  query: { isPending: boolean; error: Error | null; refetch(): unknown; isRefetching: boolean };
  /** What loads, e.g. 'products' or 'the content': 'Loading products…', 'Products could not be loaded.' */
  what: string;
}

/** Loading and failure (with Try again) of a back-office catalogue list or form; nothing once it is loaded. */
export function LoadState({ query: { isPending, error, refetch, isRefetching }, what }: LoadStateProps) {
  if (isPending) return <LoadingState>{`Loading ${what}…`}</LoadingState>;
  if (error === null) return null;
  return (
    <div className="state-message state-message--error" role="alert">
      <p>
        {capitalised(what)} could not be loaded. {error.message}
      </p>
      <button type="button" className="button button--secondary" onClick={() => void refetch()} disabled={isRefetching}>
        {isRefetching ? 'Trying again…' : 'Try again'}
      </button>
    </div>
  );
}
