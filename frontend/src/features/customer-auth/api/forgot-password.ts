import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

export const requestPasswordReset = (request: { email: string }) => apiClient.post<{ message: string }>('/api/auth/forgot-password', request);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
