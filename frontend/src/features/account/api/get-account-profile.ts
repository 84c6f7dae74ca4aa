import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerProfileInput } from '@labshop/shared/commands/customers';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export interface AccountProfile {
  customerId: string;
  email: string;
  title: 'Mr' | 'Ms';
  firstName: string;
  lastName: string;
  newsletter: boolean;
  profile: CustomerProfileInput;
}

export const accountProfileQueryKey = [...queryKeys.account, 'profile'] as const;

export const getAccountProfile = (signal?: AbortSignal) => apiClient.get<AccountProfile>('/api/account/profile', { signal });

export const accountProfileQueryOptions = () => queryOptions({ queryKey: accountProfileQueryKey, queryFn: ({ signal }) => getAccountProfile(signal) });

export const useAccountProfile = () => useQuery(accountProfileQueryOptions());
