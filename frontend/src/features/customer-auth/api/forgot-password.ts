import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer } from '@labshop/contracts/answers';
import type { ForgotPasswordInput } from '@labshop/contracts/customers/commands';
import { apiClient } from '@/lib/api-client.ts';

export const requestPasswordReset = (request: ForgotPasswordInput) =>
  apiClient.post<MessageAnswer>('/api/auth/forgot-password', request);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
