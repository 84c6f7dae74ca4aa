import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer } from '@labshop/shared/commands/answers';
import type { ResetPasswordInput } from '@labshop/shared/commands/customers';
import { apiClient } from '@/lib/api-client.ts';

export const resetPassword = (request: ResetPasswordInput) =>
  apiClient.post<MessageAnswer>('/api/auth/reset-password', request);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
