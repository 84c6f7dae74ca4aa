import { useMutation } from '@tanstack/react-query';
import type { AdminLoginAnswer, AdminLoginInput } from '@labshop/contracts/admins/login-commands';
import { apiClient } from '@/lib/api-client.ts';

/** What the admin login form sends: the contract's input. */
export type AdminCredentials = AdminLoginInput;

export const loginAdmin = (credentials: AdminCredentials) =>
  apiClient.post<AdminLoginAnswer>('/api/admin/login', credentials);

export const useLoginAdmin = () => useMutation({ mutationFn: loginAdmin });
