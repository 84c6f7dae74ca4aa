import type { ChangeServiceStatusInput, ServiceVersionAnswer } from '@labshop/contracts/content/services-commands';
import { apiClient } from '@/lib/api-client.ts';
import { adminServicePath, useServiceCommand } from './use-service-command.ts';

/** The list's active toggle. */
export const changeServiceStatus = ({ serviceId, ...input }: ChangeServiceStatusInput & { serviceId: string }) =>
  apiClient.patch<ServiceVersionAnswer>(`${adminServicePath(serviceId)}/status`, input);

export const useChangeServiceStatus = () => useServiceCommand(changeServiceStatus);
