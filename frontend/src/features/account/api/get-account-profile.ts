import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { accountProfileResponse } from '@labshop/contracts/customers/account-queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type AccountProfile = z.infer<typeof accountProfileResponse>;

export const accountProfileQueryKey = [...queryKeys.account, 'profile'] as const;

export const getAccountProfile = (signal?: AbortSignal) =>
  apiClient.get<AccountProfile>('/api/account/profile', { signal });

export const accountProfileQueryOptions = () =>
  queryOptions({ queryKey: accountProfileQueryKey, queryFn: ({ signal }) => getAccountProfile(signal) });

export const useAccountProfile = () => useQuery(accountProfileQueryOptions());
