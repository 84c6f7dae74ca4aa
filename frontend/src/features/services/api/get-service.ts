import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import type { StorefrontService } from './get-active-services.ts';

/** One active service (its page); 404 once it is inactive or deleted. */
export const getService = (serviceId: string, signal?: AbortSignal) =>
  apiClient.get<StorefrontService>(`/api/services/${encodeURIComponent(serviceId)}`, { signal });

export const serviceQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: [...queryKeys.services, 'one', serviceId],
    queryFn: ({ signal }) => getService(serviceId, signal),
  });

export const useService = (serviceId: string) => useQuery(serviceQueryOptions(serviceId));
