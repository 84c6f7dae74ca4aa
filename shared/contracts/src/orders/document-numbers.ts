import type { OrderView } from './queries.ts';

/**
 * The numbers of the documents an order issues, made and recognised here only: the workers number them, the
 * query API's download routes and the command API's retained download check them, the frontend picks the
 * download route by them. An order number is 'LUM' + ddmmyyyy + 7 digits (letters and digits only).
 */
const ORDER_NUMBER = '[A-Za-z0-9]{1,40}';

/** `INV-<order number>`: an order has one invoice. */
export const invoiceNumberFor = (orderNumber: string) => `INV-${orderNumber}`;
/** `CN-<order number>-<n>`, n counting the order's own credit notes from 1. */
export const creditNoteNumberFor = (orderNumber: string, sequence: number) => `CN-${orderNumber}-${sequence}`;
/** `RCT-<order number>`: an order's invoice is paid once. */
export const receiptNumberFor = (orderNumber: string) => `RCT-${orderNumber}`;

export const documentKinds = ['invoices', 'credit-notes', 'receipts'] as const;
/** A kind of issued document, named as its download route names it. */
export type DocumentKind = (typeof documentKinds)[number];

/** Each kind's number, whole, and how a person is told its form. */
export const documentNumberFormats: Readonly<Record<DocumentKind, { pattern: RegExp; example: string }>> = {
  invoices: { pattern: new RegExp(`^INV-${ORDER_NUMBER}$`), example: 'INV-LUM2311202600001' },
  'credit-notes': { pattern: new RegExp(`^CN-${ORDER_NUMBER}-\\d{1,6}$`), example: 'CN-LUM2311202600001-1' },
  receipts: { pattern: new RegExp(`^RCT-${ORDER_NUMBER}$`), example: 'RCT-LUM2311202600001' },
};

/** The kind of document a number names; null for a number no order issues. */
export const documentKindOf = (documentNumber: string): DocumentKind | null =>
  documentKinds.find((kind) => documentNumberFormats[kind].pattern.test(documentNumber)) ?? null;

/** Whether a text is the number of one of an order's documents (an audit row named by it, say). */
export const isDocumentNumber = (text: string) => documentKindOf(text) !== null;

/** Which download route serves an issued document of an order: credit notes are `CN-…`, receipts `RCT-…`, invoices `INV-…`. */
export const documentRouteOf = (documentNumber: string): DocumentKind => documentKindOf(documentNumber) ?? 'invoices';

/** One document an order issued: its number, and its file's hash once the workers stored it (null until then). */
export interface IssuedDocument {
  kind: DocumentKind;
  number: string;
  sha256: string | null;
  issuedAt: string | null;
}

/** Every document an order issued or was asked to issue: invoices, credit notes, payment receipts. */
export function issuedDocuments(order: Pick<OrderView, 'invoices' | 'creditNotes' | 'receipts'>): IssuedDocument[] {
  return [
    ...order.invoices.map(({ invoiceNumber, sha256, issuedAt }) => ({
      kind: 'invoices' as const,
      number: invoiceNumber,
      sha256,
      issuedAt,
    })),
    ...order.creditNotes.map(({ creditNoteNumber, sha256, issuedAt }) => ({
      kind: 'credit-notes' as const,
      number: creditNoteNumber,
      sha256,
      issuedAt,
    })),
    ...order.receipts.map(({ receiptNumber, sha256, issuedAt }) => ({
      kind: 'receipts' as const,
      number: receiptNumber,
      sha256,
      issuedAt,
    })),
  ];
}
