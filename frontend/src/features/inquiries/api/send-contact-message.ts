import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput } from '@labshop/shared/commands/inbox';
import { apiClient } from '@/lib/api-client.ts';

export const sendContactMessage = (message: ContactMessageInput) => apiClient.post<{ message: string }>('/api/contact-messages', message);

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
