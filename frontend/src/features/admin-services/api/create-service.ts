import type { ServiceCreatedAnswer, ServiceInput } from '@labshop/contracts/content/services-commands';
import { apiClient } from '@/lib/api-client.ts';
import { useServiceCommand } from './use-service-command.ts';

/** The server sanitises the description before it is stored. */
export const createService = (input: ServiceInput) =>
  apiClient.post<ServiceCreatedAnswer>('/api/admin/services', input);

export const useCreateService = () => useServiceCommand(createService);
