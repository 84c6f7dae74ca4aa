import { downloadPdf } from '@/lib/download-pdf.ts';

/** One of the customer's own invoices, with their session (another customer's answers 404). */
export const downloadMyInvoice = (orderId: string, invoiceNumber: string, customerToken: string) =>
  downloadPdf(`/api/account/orders/${encodeURIComponent(orderId)}/invoices/${encodeURIComponent(invoiceNumber)}.pdf`, `${invoiceNumber}.pdf`, customerToken);
