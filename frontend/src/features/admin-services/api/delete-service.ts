import { apiClient } from '@/lib/api-client.ts';
import { adminServicePath, useServiceCommand, type ServiceCommandAnswer } from './use-service-command.ts';

export const deleteService = ({ serviceId, expectedVersion }: { serviceId: string; expectedVersion: number }) =>
  apiClient.delete<ServiceCommandAnswer>(`${adminServicePath(serviceId)}?expectedVersion=${expectedVersion}`);

export const useDeleteService = () => useServiceCommand(deleteService);
