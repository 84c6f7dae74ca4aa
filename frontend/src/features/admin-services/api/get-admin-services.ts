import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminService, adminServicesResponse } from '@labshop/contracts/content/services-queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type AdminService = z.infer<typeof adminService>;

/** Every service, inactive ones too, in list order, each with the version its edits name. */
export async function getAdminServices(signal?: AbortSignal): Promise<AdminService[]> {
  const body = await apiClient.get<z.infer<typeof adminServicesResponse>>('/api/admin/services', { signal });
  return body.services;
}

export const adminServicesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminServices,
    queryFn: ({ signal }) => getAdminServices(signal),
  });

export const useAdminServices = () => useQuery(adminServicesQueryOptions());
