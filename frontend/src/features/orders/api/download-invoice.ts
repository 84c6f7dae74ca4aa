import { ApiError, parseApiError } from '@/lib/api-client.ts';

export const myInvoicePath = (orderId: string, invoiceNumber: string) => `/api/account/orders/${encodeURIComponent(orderId)}/invoices/${encodeURIComponent(invoiceNumber)}.pdf`;

/**
 * Fetches one of the customer's invoices with their token and hands it to the browser as a download of
 * `<invoice number>.pdf`. A plain link cannot carry the Authorization header, and the PDF must reach its
 * customer only.
 */
export async function downloadMyInvoice(orderId: string, invoiceNumber: string, customerToken: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(myInvoicePath(orderId, invoiceNumber), { headers: { authorization: `Bearer ${customerToken}`, accept: 'application/pdf' } });
  } catch {
    throw new ApiError(0, 'NetworkError', 'Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) throw await parseApiError(response);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `${invoiceNumber}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the download by now; a moment later it can go.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
