import { downloadPdf } from '@/lib/download-pdf.ts';

/** Any order's invoice, with the admin's session. */
export const downloadInvoice = (orderId: string, invoiceNumber: string, adminToken: string) =>
  downloadPdf(`/api/admin/orders/${encodeURIComponent(orderId)}/invoices/${encodeURIComponent(invoiceNumber)}.pdf`, `${invoiceNumber}.pdf`, adminToken);
