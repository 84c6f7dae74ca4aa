import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer } from '@labshop/contracts/answers';
import type { ResetPasswordInput } from '@labshop/contracts/customers/commands';
import { apiClient } from '@/lib/api-client.ts';

export const resetPassword = (request: ResetPasswordInput) =>
  apiClient.post<MessageAnswer>('/api/auth/reset-password', request);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
