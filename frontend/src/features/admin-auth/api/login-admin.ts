import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

export interface AdminCredentials {
  email: string;
  password: string;
}

export interface AdminLoginResult {
  token: string;
  admin: { id: string; email: string };
}

export const loginAdmin = (credentials: AdminCredentials) =>
  apiClient.post<AdminLoginResult>('/api/admin/login', credentials);

export const useLoginAdmin = () => useMutation({ mutationFn: loginAdmin });
