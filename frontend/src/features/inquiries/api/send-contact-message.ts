import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer } from '@labshop/shared/commands/answers';
import type { ContactMessageInput } from '@labshop/shared/commands/inbox';
import { apiClient } from '@/lib/api-client.ts';

export const sendContactMessage = (message: ContactMessageInput) => apiClient.post<MessageAnswer>('/api/contact-messages', message);

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
