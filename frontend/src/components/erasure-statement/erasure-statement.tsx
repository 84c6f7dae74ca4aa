import { ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { useErasureStatement } from '@/lib/erasure-statement.ts';

/**
 * What erasing a customer makes unreadable and what stays, in the server's words (its retention period
 * included): the same text in the privacy policy and the back office's erase dialog.
 */
export function ErasureStatementText({
  erasedHeading,
  retainedHeading,
}: {
  erasedHeading: string;
  retainedHeading: string;
}) {
  const statement = useErasureStatement();
  if (statement.isPending) return <LoadingState>Loading what an erasure does…</LoadingState>;
  if (statement.isError)
    return (
      <ErrorState
        message="What an erasure does could not be loaded."
        onRetry={() => void statement.refetch()}
        retrying={statement.isFetching}
      />
    );
  return (
    <div className="erasure-statement" data-retention-years={statement.data.retentionYears}>
      <p>{erasedHeading}</p>
      <ul>
        {statement.data.erased.map((claim) => (
          <li key={claim.id} data-claim={claim.id}>
            {claim.text}
          </li>
        ))}
      </ul>
      <p>{retainedHeading}</p>
      <ul>
        {statement.data.retained.map((claim) => (
          <li key={claim.id} data-claim={claim.id}>
            {claim.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
