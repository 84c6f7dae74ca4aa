import { documentRouteOf } from '@labshop/contracts/orders/document-numbers';
import { downloadPdf } from '@/lib/download-pdf.ts';

/** One of the customer's own invoices or credit notes, by its number, with their session (another customer's answers 404). */
export const downloadMyInvoice = (orderId: string, documentNumber: string, customerToken: string) =>
  downloadPdf(
    `/api/account/orders/${encodeURIComponent(orderId)}/${documentRouteOf(documentNumber)}/${encodeURIComponent(documentNumber)}.pdf`,
    `${documentNumber}.pdf`,
    customerToken,
  );
