import { documentRouteOf } from '@labshop/contracts/orders/invoices-events';
import { downloadPdf } from '@/lib/download-pdf.ts';

/** Any order's invoice or credit note, by its number, with the admin's session. */
export const downloadInvoice = (orderId: string, documentNumber: string, adminToken: string) =>
  downloadPdf(
    `/api/admin/orders/${encodeURIComponent(orderId)}/${documentRouteOf(documentNumber)}/${encodeURIComponent(documentNumber)}.pdf`,
    `${documentNumber}.pdf`,
    adminToken,
  );
