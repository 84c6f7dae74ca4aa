import { documentRouteOf } from '@labshop/contracts/orders/document-numbers';
import { retainedDocumentDownloadPath } from '@labshop/contracts/orders/retained-documents';
import { downloadPdf } from '@/lib/download-pdf.ts';

/**
 * Any order's invoice, credit note or receipt, by its number, with the admin's session. An erased customer's
 * (`retained`) is a legal record whose every download is recorded: a command (POST) to the command API.
 */
export const downloadInvoice = (orderId: string, documentNumber: string, adminToken: string, retained: boolean) =>
  retained
    ? downloadPdf(retainedDocumentDownloadPath(orderId, documentNumber), `${documentNumber}.pdf`, adminToken, 'POST')
    : downloadPdf(
        `/api/admin/orders/${encodeURIComponent(orderId)}/${documentRouteOf(documentNumber)}/${encodeURIComponent(documentNumber)}.pdf`,
        `${documentNumber}.pdf`,
        adminToken,
      );
