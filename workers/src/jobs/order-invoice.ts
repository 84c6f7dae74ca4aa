import { randomUUID } from 'node:crypto';
import { UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import { WrongExpectedRevision, type EventStore, type RecordedEvent } from '@labshop/shared/event-store/port';
import { INVOICING_ACTOR, invoiceNumberFor, type InvoiceEvent, type InvoiceIssuedData } from '@labshop/shared/events/invoices';
import { orderStream } from '@labshop/shared/events/orders';
import { isInvoicedOrder } from '@labshop/shared/orders/desk-rules';
import type { InvoiceStore } from '@labshop/shared/invoices/invoice-store';
import { invoiceContent } from '../invoices/invoice-content.ts';
import { renderInvoicePdf } from '../invoices/invoice-pdf.ts';
import type { JobRequest } from '../reactor/reactor.ts';
import { readOrder } from './order-stream.ts';

export const INVOICE_QUEUE = 'invoices';
export const ISSUE_INVOICE = 'issue-invoice';

/** What the reactor puts in the job: the order, and the event that asked for its invoice (its time is the issue time). */
export interface IssueInvoiceData {
  orderId: string;
  /** The purchase order's submission (or the quote's acceptance) time: the invoice date, and the PDF's creation date. */
  issuedAt: string;
  causationId: string;
  correlationId: string;
}

export const issueInvoiceJob = (data: IssueInvoiceData): JobRequest<IssueInvoiceData> => ({ queue: INVOICE_QUEUE, name: ISSUE_INVOICE, data });

export type IssueInvoiceResult = { outcome: 'issued' | 'already-issued'; invoiceNumber: string };

// A staff move landing between our read and our append is decided again, a few times, before BullMQ's retries.
const APPEND_TRIES = 5;

/**
 * Issues the order's invoice once: renders the PDF, stores it under its hash, and appends InvoiceIssued
 * to the order's stream at the revision it read. A retry (or a second job for the same order) finds the
 * InvoiceIssued there and does nothing, so an order never has two invoices. The bytes are a function of
 * the order and the issue time, so a retry after a crash between storing and appending stores the same
 * file again (a no-op) and records the same hash.
 */
export function createIssueInvoiceProcessor(deps: {
  eventStore: EventStore;
  invoices: InvoiceStore;
  /**
   * Hands the appended InvoiceIssued to its reactor's jobs at once, saving the confirmation mail a trip
   * through the subscription. Its jobs have the ids the reactor derives, so when the reactor enqueues them
   * again BullMQ drops them; if this fails, the reactor still enqueues them from the event.
   */
  afterIssued?: (event: RecordedEvent) => Promise<void>;
}) {
  return async (job: Pick<Job<unknown>, 'data'>): Promise<IssueInvoiceResult> => {
    const data = parseIssueInvoiceData(job.data);
    for (let attempt = 1; ; attempt++) {
      const { order, events } = await readOrder(deps.eventStore, data.orderId);
      const already = events.find((event) => event.type === 'InvoiceIssued') as (RecordedEvent & Extract<InvoiceEvent, { type: 'InvoiceIssued' }>) | undefined;
      if (already) return { outcome: 'already-issued', invoiceNumber: already.data.invoiceNumber };
      if (!order) throw new UnrecoverableError(`Order ${data.orderId} does not exist`);
      if (!isInvoicedOrder(order.view)) throw new UnrecoverableError(`Order ${order.view.orderNumber} has no purchase order or accepted quote to invoice`);

      const invoiceNumber = invoiceNumberFor(order.view.orderNumber);
      const pdf = await renderInvoicePdf(invoiceContent(order.view, invoiceNumber, data.issuedAt), new Date(data.issuedAt));
      const stored = await deps.invoices.put(pdf);
      const issued: InvoiceIssuedData = { orderId: data.orderId, invoiceNumber, ...stored, issuedAt: data.issuedAt };
      const metadata = { actor: { ...INVOICING_ACTOR }, causationId: data.causationId, correlationId: data.correlationId, occurredAt: new Date().toISOString() };
      const id = randomUUID();
      const stream = orderStream(data.orderId);
      let appended;
      try {
        appended = await deps.eventStore.append(stream, [{ id, type: 'InvoiceIssued', data: issued, metadata }], { expectedRevision: events.at(-1)?.revision ?? 'no_stream' });
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision) || attempt >= APPEND_TRIES) throw error;
        continue;
      }
      const recorded: RecordedEvent = { id, type: 'InvoiceIssued', stream, revision: appended.nextRevision, position: appended.position, data: issued, metadata };
      await deps.afterIssued?.(recorded).catch(() => undefined);
      return { outcome: 'issued', invoiceNumber };
    }
  };
}

const issueInvoiceData = z.object({
  orderId: z.uuid(),
  issuedAt: z.iso.datetime(),
  causationId: z.string().min(1),
  correlationId: z.string().min(1),
}) satisfies z.ZodType<IssueInvoiceData>;

function parseIssueInvoiceData(data: unknown): IssueInvoiceData {
  const parsed = issueInvoiceData.safeParse(data);
  // Retrying cannot repair the data, so the job fails at once and stays in the failed set.
  if (!parsed.success) throw new UnrecoverableError(`issue-invoice data is invalid: ${parsed.error.issues.map((issue) => issue.path.join('.') || 'data').join(', ')}`);
  return parsed.data;
}
