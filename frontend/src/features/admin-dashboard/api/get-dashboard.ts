import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardView } from '@labshop/contracts/admins/back-office';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export const getDashboard = (signal?: AbortSignal) => apiClient.get<DashboardView>('/api/admin/dashboard', { signal });

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminDashboard,
    queryFn: ({ signal }) => getDashboard(signal),
    // Opened to see what needs doing now.
    staleTime: 0,
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());
