import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { registerCustomerInput, RegisteredAnswer } from '@labshop/contracts/customers/commands';
import { apiClient } from '@/lib/api-client.ts';

export type Registration = z.input<typeof registerCustomerInput>;

export const registerCustomer = (registration: Registration) =>
  apiClient.post<RegisteredAnswer>('/api/auth/register', registration);

export const useRegisterCustomer = () => useMutation({ mutationFn: registerCustomer });
