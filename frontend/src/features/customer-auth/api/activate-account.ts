import { useMutation } from '@tanstack/react-query';
import type { ActivateAccountInput, ActivatedAnswer } from '@labshop/contracts/customers/commands';
import { apiClient } from '@/lib/api-client.ts';

export const activateAccount = (link: ActivateAccountInput) =>
  apiClient.post<ActivatedAnswer>('/api/auth/activate-account', link);

export const useActivateAccount = () => useMutation({ mutationFn: activateAccount });
