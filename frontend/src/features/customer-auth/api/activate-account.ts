import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

export const activateAccount = (link: { token: string; email: string }) =>
  apiClient.post<{ success: true; message: string; position: string }>('/api/auth/activate-account', link);

export const useActivateAccount = () => useMutation({ mutationFn: activateAccount });
