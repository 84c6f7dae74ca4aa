import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PositionAnswer } from '@labshop/contracts/answers';
import type { CustomerProfileInput } from '@labshop/contracts/customers/commands';
import { apiClient } from '@/lib/api-client.ts';
import { accountProfileQueryKey } from './get-account-profile.ts';

export const saveAccountProfile = (profile: CustomerProfileInput) =>
  apiClient.put<PositionAnswer>('/api/account/profile', profile);

/** Settles once the profile has been read back (the read carries the write's position), so the form shows what was saved. */
export function useSaveAccountProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAccountProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountProfileQueryKey }),
  });
}
