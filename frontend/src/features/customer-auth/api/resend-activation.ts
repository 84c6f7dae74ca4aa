import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer } from '@labshop/shared/commands/answers';
import type { ResendActivationInput } from '@labshop/shared/commands/customers';
import { apiClient } from '@/lib/api-client.ts';

export const resendActivation = (request: ResendActivationInput) => apiClient.post<MessageAnswer>('/api/auth/resend-activation', request);

export const useResendActivation = () => useMutation({ mutationFn: resendActivation });
