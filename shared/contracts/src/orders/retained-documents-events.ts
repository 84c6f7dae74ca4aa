/**
 * What happens to an erased customer's invoices and credit notes, the legal records kept after the
 * erasure (shared/contracts/src/orders/erasure-statement.ts): each staff download is recorded (the admin is the
 * actor, so the audit log shows it), and at the end of the retention period the files are shredded.
 * Both are appended to the order's own stream (`order-<orderId>`), so its history shows them; the
 * order's fold does not read them.
 */
export type RetainedDocumentEvent =
  | { type: 'RetainedDocumentDownloaded'; data: { orderId: string; documentNumber: string; downloadedAt: string } }
  | { type: 'RetainedDocumentsShredded'; data: { orderId: string; documentNumbers: string[]; shreddedAt: string } };
