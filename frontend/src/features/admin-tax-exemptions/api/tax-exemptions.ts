import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxExemptionDecidedAnswer } from '@labshop/contracts/tax/exemptions-commands';
import type { AdminTaxExemptionView } from '@labshop/contracts/tax/exemptions-queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Under the admin prefix, so the list leaves the cache when the admin session ends. */
export const adminTaxExemptionsQueryKey = [...queryKeys.admin, 'tax-exemptions'] as const;

export type TaxExemptionFilter = 'under-review' | 'all';

export const adminTaxExemptionsQueryOptions = (filter: TaxExemptionFilter) =>
  queryOptions({
    queryKey: [...adminTaxExemptionsQueryKey, filter] as const,
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<{ exemptions: AdminTaxExemptionView[] }>(
          `/api/admin/tax-exemptions${filter === 'all' ? '' : `?status=${filter}`}`,
          { signal },
        )
      ).exemptions,
    staleTime: 0,
  });

export const useAdminTaxExemptions = (filter: TaxExemptionFilter) => useQuery(adminTaxExemptionsQueryOptions(filter));

export type TaxExemptionDecision = { customerId: string; certificateId: string } & (
  { verdict: 'verify' } | { verdict: 'reject'; reason: string }
);

export const decideTaxExemption = ({ customerId, certificateId, ...decision }: TaxExemptionDecision) =>
  apiClient.post<TaxExemptionDecidedAnswer>(
    `/api/admin/tax-exemptions/${encodeURIComponent(customerId)}/${decision.verdict}`,
    {
      certificateId,
      ...(decision.verdict === 'reject' && { reason: decision.reason }),
    },
  );

/** A 409 (the customer filed anew, or another admin decided) refetches too, so the list shows what stands. */
export function useDecideTaxExemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideTaxExemption,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminTaxExemptionsQueryKey }),
  });
}
