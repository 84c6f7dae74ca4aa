import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer } from '@labshop/contracts/answers';
import type { InquiryInput } from '@labshop/contracts/inbox/commands';
import { apiClient } from '@/lib/api-client.ts';

export const sendInquiry = (inquiry: InquiryInput) => apiClient.post<MessageAnswer>('/api/inquiries', inquiry);

export function useSendInquiry() {
  return useMutation({ mutationFn: sendInquiry });
}
