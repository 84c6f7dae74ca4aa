import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer } from '@labshop/shared/commands/answers';
import type { ForgotPasswordInput } from '@labshop/shared/commands/customers';
import { apiClient } from '@/lib/api-client.ts';

export const requestPasswordReset = (request: ForgotPasswordInput) => apiClient.post<MessageAnswer>('/api/auth/forgot-password', request);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
