import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxExemptionView } from '@labshop/contracts/tax/exemptions-queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The signed-in customer's tax exemption certificate (null: none filed): My Account files it, checkout reads it. */
export const taxExemptionQueryKey = [...queryKeys.account, 'tax-exemption'] as const;

export const taxExemptionQueryOptions = () =>
  queryOptions({
    queryKey: taxExemptionQueryKey,
    queryFn: async ({ signal }) =>
      (await apiClient.get<{ exemption: TaxExemptionView | null }>('/api/account/tax-exemption', { signal })).exemption,
    // Staff may verify it at any moment: checkout asks again whenever it is shown.
    staleTime: 0,
  });

export const useTaxExemption = () => useQuery(taxExemptionQueryOptions());
