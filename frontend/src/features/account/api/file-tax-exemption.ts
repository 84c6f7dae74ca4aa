import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileTaxExemptionInput, TaxExemptionDecidedAnswer } from '@labshop/contracts/tax/exemptions-commands';
import { apiClient } from '@/lib/api-client.ts';
import { taxExemptionQueryKey } from '@/lib/tax-exemption.ts';

export const fileTaxExemption = (input: FileTaxExemptionInput) =>
  apiClient.put<TaxExemptionDecidedAnswer>('/api/account/tax-exemption', input);

/** Files (or replaces) the account's certificate; settles once it reads back as under review. */
export function useFileTaxExemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fileTaxExemption,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxExemptionQueryKey }),
  });
}
