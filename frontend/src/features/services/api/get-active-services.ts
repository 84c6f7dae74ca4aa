import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { activeServicesResponse, storefrontService } from '@labshop/contracts/content/services-queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type StorefrontService = z.infer<typeof storefrontService>;

/** Every active service in list order (home list, Services menu, /services). No session: the route is public. */
export async function getActiveServices(signal?: AbortSignal): Promise<StorefrontService[]> {
  const body = await apiClient.get<z.infer<typeof activeServicesResponse>>('/api/services', { signal });
  return body.services;
}

export const activeServicesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.services, 'active'],
    queryFn: ({ signal }) => getActiveServices(signal),
  });

export const useActiveServices = () => useQuery(activeServicesQueryOptions());
