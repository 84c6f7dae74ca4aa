import { ApiError, parseApiError } from '@/lib/api-client.ts';

const invoicePath = (orderId: string, invoiceNumber: string) => `/api/admin/orders/${encodeURIComponent(orderId)}/invoices/${encodeURIComponent(invoiceNumber)}.pdf`;

/**
 * Fetches the invoice PDF with the admin's token and hands it to the browser as a download. A plain
 * link cannot carry the Authorization header, and the PDF must not be reachable without it.
 */
export async function downloadInvoice(orderId: string, invoiceNumber: string, adminToken: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(invoicePath(orderId, invoiceNumber), { headers: { authorization: `Bearer ${adminToken}`, accept: 'application/pdf' } });
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
