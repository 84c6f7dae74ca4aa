import { useMutation } from '@tanstack/react-query';
import type { InquiryInput } from '@labshop/shared/commands/inbox';
import { apiClient } from '@/lib/api-client.ts';

export const sendInquiry = (inquiry: InquiryInput) => apiClient.post<{ message: string }>('/api/inquiries', inquiry);

export function useSendInquiry() {
  return useMutation({ mutationFn: sendInquiry });
}
