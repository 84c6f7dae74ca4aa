import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ErasureStatement } from '@labshop/contracts/orders/erasure-statement';
import { apiClient } from '@/lib/api-client.ts';

/** What erasing a customer does and keeps, with the shop's retention period: the privacy policy and the erase dialog show it alike. */
export const erasureStatementQueryOptions = queryOptions({
  queryKey: ['privacy', 'erasure'] as const,
  queryFn: ({ signal }) => apiClient.get<ErasureStatement>('/api/privacy/erasure', { signal }),
  staleTime: 60 * 60 * 1000,
});

export const useErasureStatement = () => useQuery(erasureStatementQueryOptions);
