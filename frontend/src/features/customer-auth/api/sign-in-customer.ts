import { useMutation } from '@tanstack/react-query';
import type { CustomerSignInAnswer, SignInInput } from '@labshop/contracts/customers/commands';
import { apiClient } from '@/lib/api-client.ts';

/** What the sign-in form sends: the contract's input (`rememberMe` filled in). */
export type CustomerCredentials = SignInInput;

export const signInCustomer = (credentials: CustomerCredentials) =>
  apiClient.post<CustomerSignInAnswer>('/api/auth/login', credentials);

export const useSignInCustomer = () => useMutation({ mutationFn: signInCustomer });
