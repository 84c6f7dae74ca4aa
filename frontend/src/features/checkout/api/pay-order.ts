import { useMutation } from '@tanstack/react-query';
import type { PurchaseOrderInput, QuoteRequestInput } from '@labshop/contracts/orders/commands';
import { apiClient } from '@/lib/api-client.ts';

const orderPath = (orderId: string) => `/api/account/orders/${encodeURIComponent(orderId)}`;

export const submitPurchaseOrder = ({ orderId, payment }: { orderId: string; payment: PurchaseOrderInput }) =>
  apiClient.post<unknown>(`${orderPath(orderId)}/purchase-order`, payment);

export const requestQuote = ({ orderId, quote }: { orderId: string; quote: QuoteRequestInput }) =>
  apiClient.post<unknown>(`${orderPath(orderId)}/quote`, quote);

// No invalidation here: the payment page shows an already-paid order as its confirmation, so refetching
// the order while the page is open would leave it before the cart is emptied. The page invalidates
// once it has moved on (see the payment-details route).
export const useSubmitPurchaseOrder = () => useMutation({ mutationFn: submitPurchaseOrder });

export const useRequestQuote = () => useMutation({ mutationFn: requestQuote });
