import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer } from '@labshop/contracts/answers';
import type { ResendActivationInput } from '@labshop/contracts/customers/commands';
import { apiClient } from '@/lib/api-client.ts';

export const resendActivation = (request: ResendActivationInput) =>
  apiClient.post<MessageAnswer>('/api/auth/resend-activation', request);

export const useResendActivation = () => useMutation({ mutationFn: resendActivation });
