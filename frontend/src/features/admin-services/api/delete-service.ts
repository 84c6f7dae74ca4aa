import { apiClient } from '@/lib/api-client.ts';
import type { ServiceVersionAnswer } from '@labshop/contracts/content/services-commands';
import { adminServicePath, useServiceCommand } from './use-service-command.ts';

export const deleteService = ({ serviceId, expectedVersion }: { serviceId: string; expectedVersion: number }) =>
  apiClient.delete<ServiceVersionAnswer>(`${adminServicePath(serviceId)}?expectedVersion=${expectedVersion}`);

export const useDeleteService = () => useServiceCommand(deleteService);
