import { UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import { orderDecider } from '@labshop/contracts/orders/decider';
import {
  issuableDocument,
  issuedDocumentNumber,
  type DocumentRequest,
  type IssuableDocument,
} from '@labshop/contracts/orders/documents';
import { DomainError } from '@labshop/contracts/domain-error';
import type { EventStore, RecordedEvent } from '@labshop/platform/event-store/port';
import { INVOICING_ACTOR } from '@labshop/contracts/orders/invoices-events';
import { documentNumberFormats } from '@labshop/contracts/orders/document-numbers';
import { orderStream } from '@labshop/contracts/orders/events';
import type { InvoiceStore } from '@labshop/platform/invoices/invoice-store';
import type { OrderView } from '@labshop/contracts/orders/queries';
import { creditNoteContent } from '../invoices/credit-note-pdf.ts';
import { invoiceContent } from '../invoices/invoice-content.ts';
import { renderDocumentPdf, type PdfRequest } from '../invoices/pdf-documents.ts';
import { receiptContent } from '../invoices/receipt-pdf.ts';
import type { JobRequest } from '../reactor/reactor.ts';
import { readOrder } from './order-stream.ts';

export const INVOICE_QUEUE = 'invoices';

/** What every document job carries: the order, the document's date (the time of the event that asked for it), and that event. */
interface DocumentJobData {
  orderId: string;
  issuedAt: string;
  causationId: string;
  correlationId: string;
}

const documentJobData = {
  orderId: z.uuid(),
  issuedAt: z.iso.datetime(),
  causationId: z.string().min(1),
  correlationId: z.string().min(1),
};

/** A kind of document the workers issue: its job, the request it makes of the order, and its PDF. */
interface DocumentKind<Data extends DocumentJobData, NumberKey extends string> {
  jobName: string;
  data: z.ZodType<Data>;
  request: (data: Data) => DocumentRequest;
  /** The bytes are a function of the order and the job's data, so a retry after a crash between storing and recording stores the same file again (a no-op) and records the same hash. */
  pdf: (view: OrderView, document: IssuableDocument, data: Data) => PdfRequest;
  /** What the job's result calls the document's number. */
  numberKey: NumberKey;
}

/** The purchase order's submission (or the quote's acceptance) time is the invoice date, and the PDF's creation date. */
export type IssueInvoiceData = DocumentJobData;
/** The note staff asked for, dated at their request. */
export type IssueCreditNoteData = DocumentJobData & { creditNoteNumber: string };
/** The payment's reference and time (the receipt's date). */
export type IssueReceiptData = DocumentJobData & { reference: string };

const documentKinds = {
  invoice: {
    jobName: 'issue-invoice',
    data: z.object(documentJobData),
    request: () => ({ kind: 'invoice' }),
    pdf: (view, document, data) => ({
      kind: 'invoice',
      content: invoiceContent(view, document.number, data.issuedAt),
      issuedAt: new Date(data.issuedAt),
    }),
    numberKey: 'invoiceNumber',
  } satisfies DocumentKind<IssueInvoiceData, 'invoiceNumber'>,
  creditNote: {
    jobName: 'issue-credit-note',
    data: z.object({
      ...documentJobData,
      creditNoteNumber: z.string().regex(documentNumberFormats['credit-notes'].pattern),
    }),
    request: ({ creditNoteNumber }) => ({ kind: 'creditNote', creditNoteNumber }),
    pdf: (view, document, data) => ({
      kind: 'creditNote',
      content: creditNoteContent(
        view,
        (document as Extract<IssuableDocument, { kind: 'creditNote' }>).note,
        data.issuedAt,
      ),
      issuedAt: new Date(data.issuedAt),
    }),
    numberKey: 'creditNoteNumber',
  } satisfies DocumentKind<IssueCreditNoteData, 'creditNoteNumber'>,
  receipt: {
    jobName: 'issue-receipt',
    data: z.object({ ...documentJobData, reference: z.string().max(500) }),
    request: () => ({ kind: 'receipt' }),
    pdf: (view, document, data) => ({
      kind: 'receipt',
      content: receiptContent(view, document.number, data.reference, data.issuedAt),
      issuedAt: new Date(data.issuedAt),
    }),
    numberKey: 'receiptNumber',
  } satisfies DocumentKind<IssueReceiptData, 'receiptNumber'>,
};

export const ISSUE_INVOICE = documentKinds.invoice.jobName;
export const ISSUE_CREDIT_NOTE = documentKinds.creditNote.jobName;
export const ISSUE_RECEIPT = documentKinds.receipt.jobName;

export const issueInvoiceJob = (data: IssueInvoiceData): JobRequest<IssueInvoiceData> => ({
  queue: INVOICE_QUEUE,
  name: ISSUE_INVOICE,
  data,
});
export const issueCreditNoteJob = (data: IssueCreditNoteData): JobRequest<IssueCreditNoteData> => ({
  queue: INVOICE_QUEUE,
  name: ISSUE_CREDIT_NOTE,
  data,
});
export const issueReceiptJob = (data: IssueReceiptData): JobRequest<IssueReceiptData> => ({
  queue: INVOICE_QUEUE,
  name: ISSUE_RECEIPT,
  data,
});

/** What a job did: issued its document, found it issued already, or found the order cancelled before its invoice (nothing to issue). */
export type IssueDocumentResult<NumberKey extends string> =
  ({ outcome: 'issued' | 'already-issued' } & Record<NumberKey, string>) | { outcome: 'order-cancelled' };

export interface IssueDocumentDeps {
  eventStore: EventStore;
  invoices: InvoiceStore;
  /**
   * Hands the appended event (InvoiceIssued, CreditNoteIssued, PaymentReceiptIssued) to its reactor's jobs at once, saving the
   * mail a trip through the subscription. Its jobs have the ids the reactor derives, so when the reactor
   * enqueues them again BullMQ drops them; if this fails, the reactor still enqueues them from the event.
   */
  afterIssued?: (event: RecordedEvent) => Promise<void>;
  /** Where the PDF is rendered: the workers' PDF thread (`pdf-thread.ts`); in this thread when not given. */
  renderPdf?: ((request: PdfRequest) => Promise<Buffer>) | undefined;
}

/**
 * The document the order decider would issue, or null for an order cancelled before it was invoiced (the job
 * is done: there is nothing to issue). Any other refusal cannot be repaired by retrying: the job fails at once
 * and stays in the failed set.
 */
function documentToIssue(order: OrderView, request: DocumentRequest): IssuableDocument | null {
  try {
    return issuableDocument(order, request);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'order_cancelled') return null;
    throw error instanceof DomainError ? new UnrecoverableError(error.message) : error;
  }
}

/**
 * Issues a document of an order once: renders its PDF, stores it under its hash, and records it through
 * the order decider (IssueDocument), which records nothing when the order has it already. A retry (or a
 * second job for the same document) finds it issued and does nothing, so an order never has two invoices.
 */
function createIssueDocumentProcessor<Data extends DocumentJobData, NumberKey extends string>(
  kind: DocumentKind<Data, NumberKey>,
  deps: IssueDocumentDeps,
) {
  const result = (outcome: 'issued' | 'already-issued', documentNumber: string) =>
    ({ outcome, [kind.numberKey]: documentNumber }) as IssueDocumentResult<NumberKey>;
  return async (job: Pick<Job<unknown>, 'data'>): Promise<IssueDocumentResult<NumberKey>> => {
    const data = parseData(kind, job.data);
    const request = kind.request(data);
    const { order } = await readOrder(deps.eventStore, data.orderId);
    if (!order) throw new UnrecoverableError(`Order ${data.orderId} does not exist`);
    // Asked of the order's fold, as the decider asks it again below on the fresh stream.
    const issued = issuedDocumentNumber(order.view, request);
    if (issued !== null) return result('already-issued', issued);
    const document = documentToIssue(order.view, request);
    if (document === null) return { outcome: 'order-cancelled' };

    const renderPdf = deps.renderPdf ?? renderDocumentPdf;
    const file = await deps.invoices.put(await renderPdf(kind.pdf(order.view, document, data)));
    const stream = orderStream(data.orderId);
    const metadata = {
      actor: { ...INVOICING_ACTOR },
      causationId: data.causationId,
      correlationId: data.correlationId,
      occurredAt: new Date().toISOString(),
    };
    // A staff move landing between our read and our append is decided again on the fresh stream.
    const decided = await handleCommand(
      deps.eventStore,
      stream,
      orderDecider,
      { type: 'IssueDocument', request, file, issuedAt: data.issuedAt },
      metadata,
    );
    const [event] = decided.events;
    if (!event) return result('already-issued', issuedDocumentNumber(decided.state!.view, request)!);
    const recorded: RecordedEvent = {
      id: decided.ids[0]!,
      ...event,
      stream,
      revision: decided.revision as number,
      position: decided.position,
      metadata,
    };
    await deps.afterIssued?.(recorded).catch(() => undefined);
    return result('issued', document.number);
  };
}

export const createIssueInvoiceProcessor = (deps: IssueDocumentDeps) =>
  createIssueDocumentProcessor(documentKinds.invoice, deps);
export const createIssueCreditNoteProcessor = (deps: IssueDocumentDeps) =>
  createIssueDocumentProcessor(documentKinds.creditNote, deps);
export const createIssueReceiptProcessor = (deps: IssueDocumentDeps) =>
  createIssueDocumentProcessor(documentKinds.receipt, deps);

function parseData<Data extends DocumentJobData>(kind: DocumentKind<Data, string>, data: unknown): Data {
  const parsed = kind.data.safeParse(data);
  // Retrying cannot repair the data, so the job fails at once and stays in the failed set.
  if (!parsed.success)
    throw new UnrecoverableError(
      `${kind.jobName} data is invalid: ${parsed.error.issues.map((issue) => issue.path.join('.') || 'data').join(', ')}`,
    );
  return parsed.data;
}
