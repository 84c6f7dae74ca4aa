import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

export const resendActivation = (request: { email: string }) => apiClient.post<{ message: string }>('/api/auth/resend-activation', request);

export const useResendActivation = () => useMutation({ mutationFn: resendActivation });
