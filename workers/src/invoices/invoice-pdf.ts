import PDFDocument from 'pdfkit';
import { poNumberSuffix } from '@labshop/contracts/orders/payment-words';
import type { InvoiceContent } from './invoice-content.ts';

export const PAGE_MARGIN = 50;
export const INK = '#1d2733';
export const MUTED = '#555555';
export const BRAND = '#0b5cad';
export const RULE = '#c9d3de';

/** Column layout of the lines table on a US Letter page (612 pt wide, 512 between the margins). */
const COLUMNS = [
  { key: 'catalogNumber', title: 'Cat No.', x: 50, width: 70, align: 'left' },
  { key: 'description', title: 'Description', x: 124, width: 170, align: 'left' },
  { key: 'packageId', title: 'Package', x: 298, width: 70, align: 'left' },
  { key: 'quantity', title: 'Qty', x: 372, width: 36, align: 'right' },
  { key: 'unitPrice', title: 'Unit price', x: 412, width: 70, align: 'right' },
  { key: 'lineTotal', title: 'Line total', x: 486, width: 76, align: 'right' },
] as const;

/**
 * Renders the invoice as a PDF. The bytes depend on the content and the issue time only: the document's
 * creation and modification dates (and the file id pdfkit derives from them) are the issue time, so a
 * retried job renders the very file it rendered before and its sha256 does not change.
 */
export function renderInvoicePdf(content: InvoiceContent, issuedAt: Date): Promise<Buffer> {
  const info = {
    Title: `Invoice ${content.invoiceNumber}`,
    Author: content.seller.legalName,
    Subject: `Order ${content.orderNumber}${poNumberSuffix(content.poNumber)}`,
  };
  return renderPdf(info, issuedAt, (doc) => {
    header(doc, content);
    parties(doc, content);
    linesTable(doc, content);
    totals(doc, content);
    closing(doc, content);
  });
}

export type Doc = PDFKit.PDFDocument;

/**
 * A US Letter document drawn by `draw`, as bytes. Its creation and modification dates (and the file id
 * pdfkit derives from them) are `issuedAt`, so the same content and time always make the same bytes.
 */
export function renderPdf(
  info: { Title: string; Author: string; Subject: string },
  issuedAt: Date,
  draw: (doc: Doc) => void,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE_MARGIN,
    info: { ...info, Creator: 'LabShop', Producer: 'LabShop (pdfkit)', CreationDate: issuedAt, ModDate: issuedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

function header(doc: Doc, content: InvoiceContent) {
  const facts: [string, string][] = [
    ['Invoice number', content.invoiceNumber],
    ['Invoice date', content.issueDate],
    ['Order number', content.orderNumber],
    ['Order date', content.orderDate],
    ['PO number', content.poNumber],
    ['Payment terms', content.paymentTerms],
    ['Due date', content.dueDate],
  ];
  documentHeader(doc, content.seller, 'INVOICE', facts);
}

/** The seller's block on the left, the document's title and its facts (label, value) on the right. */
export function documentHeader(
  doc: Doc,
  seller: { legalName: string; lines: string[] },
  title: string,
  facts: [string, string][],
) {
  doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(22).text('LabShop', PAGE_MARGIN, PAGE_MARGIN);
  doc.fillColor(MUTED).font('Helvetica').fontSize(9).text(seller.legalName, PAGE_MARGIN, doc.y);
  for (const line of seller.lines) doc.text(line);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(18).text(title, 362, PAGE_MARGIN, { width: 200, align: 'right' });
  let y = PAGE_MARGIN + 28;
  for (const [label, value] of facts) {
    // Values get 150 pt: a credit note's number (CN- + 18 characters + -N) fits on one line in bold 9 pt.
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label, 322, y, { width: 90 });
    doc.font('Helvetica-Bold').fillColor(INK).text(value, 412, y, { width: 150, align: 'right' });
    y += 13;
  }
  doc.y = Math.max(doc.y, y) + 16;
}

function parties(doc: Doc, content: InvoiceContent) {
  partyBlocks(doc, [
    ['Bill to', content.billTo],
    ['Ship to', content.shipTo],
  ]);
}

/** Up to two titled address blocks side by side. */
export function partyBlocks(doc: Doc, blocks: [string, string[]][]) {
  const top = doc.y;
  const block = (title: string, lines: string[], x: number) => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor(BRAND).text(title, x, top, { width: 240 });
    doc.font('Helvetica').fontSize(9.5).fillColor(INK);
    for (const line of lines) doc.text(line, x, doc.y, { width: 240 });
    return doc.y;
  };
  const bottom = Math.max(
    ...blocks.map(([title, lines], index) => block(title, lines, index === 0 ? PAGE_MARGIN : 322)),
  );
  doc.y = bottom + 20;
}

/** The lines table (Cat No., description, package, quantity, unit price, line total), continued on further pages with its header. */
export function linesTable(doc: Doc, content: Pick<InvoiceContent, 'lines'>) {
  const tableHeader = () => {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9).fillColor(INK);
    for (const column of COLUMNS) doc.text(column.title, column.x, y, { width: column.width, align: column.align });
    doc
      .moveTo(PAGE_MARGIN, y + 14)
      .lineTo(562, y + 14)
      .strokeColor(RULE)
      .lineWidth(1)
      .stroke();
    doc.y = y + 20;
  };
  tableHeader();
  doc.font('Helvetica').fontSize(9);
  for (const line of content.lines) {
    const height = Math.max(...COLUMNS.map((column) => doc.heightOfString(line[column.key], { width: column.width })));
    if (doc.y + height > doc.page.height - PAGE_MARGIN - 40) {
      doc.addPage();
      tableHeader();
      doc.font('Helvetica').fontSize(9);
    }
    const y = doc.y;
    doc.fillColor(INK);
    for (const column of COLUMNS) doc.text(line[column.key], column.x, y, { width: column.width, align: column.align });
    doc.y = y + height + 6;
  }
  doc.moveTo(PAGE_MARGIN, doc.y).lineTo(562, doc.y).strokeColor(RULE).lineWidth(1).stroke();
  doc.y += 10;
}

/** Subtotal, the shipping (when the order recorded one), the tax line and the total; an invoice adds what it asks for by its due date. */
export function totals(
  doc: Doc,
  content: Pick<InvoiceContent, 'subtotal' | 'shipping' | 'taxLabel' | 'tax' | 'total'>,
  amountDue = true,
) {
  const rows: AmountRow[] = [
    ['Subtotal', content.subtotal, false],
    ...(content.shipping ? ([[content.shipping.label, content.shipping.amount, false]] as AmountRow[]) : []),
    [content.taxLabel, content.tax, false],
    ['Total', content.total, true],
    // True for as long as the invoice exists: a payment gets a receipt, a correction a credit note.
    ...(amountDue ? ([['Amount due', content.total, true]] as AmountRow[]) : []),
  ];
  if (doc.y + rows.length * 15 > doc.page.height - PAGE_MARGIN) doc.addPage();
  amountRows(doc, rows, 322);
}

/** A label and its amount, right-aligned at the page's right margin; a strong row is bold. */
export type AmountRow = [label: string, amount: string, strong: boolean];

/** Amount rows whose labels start at `labelX`, and the space after them. */
export function amountRows(doc: Doc, rows: readonly AmountRow[], labelX: number) {
  let y = doc.y;
  for (const [label, value, strong] of rows) {
    doc
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(strong ? 10.5 : 9.5)
      .fillColor(INK);
    doc.text(label, labelX, y, { width: 482 - labelX });
    doc.text(value, 482, y, { width: 80, align: 'right' });
    y += 15;
  }
  doc.y = y + 16;
}

/** A header fact shown only when it has a value (a PO number, a payment reference). */
export const factIfAny = (label: string, value: string): [string, string][] => (value ? [[label, value]] : []);

/** A document's closing words, small and muted across the page. */
export function closingNote(doc: Doc, text: string) {
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(text, PAGE_MARGIN, doc.y, { width: 512 });
}

function closing(doc: Doc, content: InvoiceContent) {
  doc.x = PAGE_MARGIN;
  doc.font('Helvetica-Bold').fontSize(9.5).fillColor(BRAND).text('How to pay', PAGE_MARGIN, doc.y, { width: 512 });
  doc.font('Helvetica').fontSize(9).fillColor(INK).text(content.howToPay, { width: 512 });
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(9.5).fillColor(BRAND).text('Terms of sales', { width: 512 });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(content.terms, { width: 512 });
}
