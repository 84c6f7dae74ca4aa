import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

export const resetPassword = (request: { email: string; token: string; newPassword: string }) =>
  apiClient.post<{ message: string }>('/api/auth/reset-password', request);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
