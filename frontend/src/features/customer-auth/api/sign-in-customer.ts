import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

export interface CustomerCredentials {
  email: string;
  password: string;
  rememberMe: boolean;
}

export interface CustomerSignInResult {
  token: string;
  customer: { id: string; email: string; firstName: string; lastName: string };
}

export const signInCustomer = (credentials: CustomerCredentials) => apiClient.post<CustomerSignInResult>('/api/auth/login', credentials);

export const useSignInCustomer = () => useMutation({ mutationFn: signInCustomer });
