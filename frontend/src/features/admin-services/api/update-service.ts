import type { EditServiceInput, ServiceVersionAnswer } from '@labshop/contracts/content/services-commands';
import { apiClient } from '@/lib/api-client.ts';
import { adminServicePath, useServiceCommand } from './use-service-command.ts';

/** Replaces the service's fields and status; a stale expectedVersion answers 409. */
export const updateService = ({ serviceId, ...input }: EditServiceInput & { serviceId: string }) =>
  apiClient.put<ServiceVersionAnswer>(adminServicePath(serviceId), input);

export const useUpdateService = () => useServiceCommand(updateService);
