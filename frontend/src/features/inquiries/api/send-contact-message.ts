import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer } from '@labshop/contracts/answers';
import type { ContactMessageInput } from '@labshop/contracts/inbox/commands';
import { apiClient } from '@/lib/api-client.ts';

export const sendContactMessage = (message: ContactMessageInput) =>
  apiClient.post<MessageAnswer>('/api/contact-messages', message);

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
