import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FinanceLedger } from '@labshop/contracts/finance/queries';
import { apiClient } from '@/lib/api-client.ts';
import { downloadWithSession } from '@/lib/download-with-session.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Rows of each list the page shows (the latest); the totals cover every one, the CSV has them all. */
export const SHOWN_ROWS = 500;

const ledgerPath = (asOf: string | null, format: 'json' | 'csv') => {
  const search = new URLSearchParams({ format });
  if (asOf !== null) search.set('asOf', asOf);
  if (format === 'json') search.set('rows', String(SHOWN_ROWS));
  return `/api/admin/finance/ledger?${search.toString()}`;
};

/** The ledger as of `asOf` (ISO), or as of now (the live ledger) when it is null; replayed by the server on each ask. */
export const getLedger = (asOf: string | null, signal?: AbortSignal) =>
  apiClient.get<FinanceLedger>(ledgerPath(asOf, 'json'), { signal });

export const ledgerQueryOptions = (asOf: string | null) =>
  queryOptions({
    queryKey: [...queryKeys.admin, 'finance', 'ledger', asOf] as const,
    queryFn: ({ signal }) => getLedger(asOf, signal),
    // A past moment's ledger never changes; the live one is asked for again each time the page opens.
    staleTime: asOf === null ? 0 : Number.POSITIVE_INFINITY,
  });

export const useLedger = (asOf: string | null) => useQuery(ledgerQueryOptions(asOf));

/** The same ledger as the server's CSV, saved as a file. */
export const downloadLedgerCsv = (asOf: string, adminToken: string) =>
  downloadWithSession(ledgerPath(asOf, 'csv'), `ledger-${asOf.replaceAll(':', '-')}.csv`, adminToken, 'text/csv');
