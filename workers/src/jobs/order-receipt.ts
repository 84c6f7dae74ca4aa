import { randomUUID } from 'node:crypto';
import { UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import { WrongExpectedRevision, type EventStore, type RecordedEvent } from '@labshop/shared/event-store/port';
import { INVOICING_ACTOR, receiptNumberFor, type InvoiceEvent, type PaymentReceiptIssuedData } from '@labshop/shared/events/invoices';
import { orderStream } from '@labshop/shared/events/orders';
import type { InvoiceStore } from '@labshop/shared/invoices/invoice-store';
import { orderMoney } from '@labshop/shared/orders/order-money';
import { receiptContent, renderReceiptPdf } from '../invoices/receipt-pdf.ts';
import type { JobRequest } from '../reactor/reactor.ts';
import { INVOICE_QUEUE } from './order-invoice.ts';
import { readOrder } from './order-stream.ts';

export const ISSUE_RECEIPT = 'issue-receipt';

/** What the reactor puts in the job: the order, the payment's reference and time (the receipt's date). */
export interface IssueReceiptData {
  orderId: string;
  reference: string;
  issuedAt: string;
  causationId: string;
  correlationId: string;
}

export const issueReceiptJob = (data: IssueReceiptData): JobRequest<IssueReceiptData> => ({ queue: INVOICE_QUEUE, name: ISSUE_RECEIPT, data });

export type IssueReceiptResult = { outcome: 'issued' | 'already-issued'; receiptNumber: string };

const APPEND_TRIES = 5;

/**
 * Issues the payment receipt of an invoice marked paid, once, like an invoice: renders its PDF (a function
 * of the order and the payment time), stores it under its hash, appends PaymentReceiptIssued at the
 * revision it read. A retry finds the receipt issued and does nothing.
 */
export function createIssueReceiptProcessor(deps: { eventStore: EventStore; invoices: InvoiceStore; afterIssued?: (event: RecordedEvent) => Promise<void> }) {
  return async (job: Pick<Job<unknown>, 'data'>): Promise<IssueReceiptResult> => {
    const data = parseData(job.data);
    for (let attempt = 1; ; attempt++) {
      const { order, events } = await readOrder(deps.eventStore, data.orderId);
      if (!order) throw new UnrecoverableError(`Order ${data.orderId} does not exist`);
      const receiptNumber = receiptNumberFor(order.view.orderNumber);
      if (events.some((event) => event.type === 'PaymentReceiptIssued')) return { outcome: 'already-issued', receiptNumber };
      const invoice = order.view.invoices[0];
      if (!invoice || order.view.paidAt === null) throw new UnrecoverableError(`Order ${order.view.orderNumber} has no paid invoice`);

      const pdf = await renderReceiptPdf(receiptContent(order.view, receiptNumber, data.reference, data.issuedAt), new Date(data.issuedAt));
      const stored = await deps.invoices.put(pdf);
      const issued: PaymentReceiptIssuedData = { orderId: data.orderId, receiptNumber, invoiceNumber: invoice.invoiceNumber, amountCents: orderMoney(order.view).paidCents, paidAt: order.view.paidAt, ...stored, issuedAt: data.issuedAt };
      const event: InvoiceEvent = { type: 'PaymentReceiptIssued', data: issued };
      const metadata = { actor: { ...INVOICING_ACTOR }, causationId: data.causationId, correlationId: data.correlationId, occurredAt: new Date().toISOString() };
      const id = randomUUID();
      const stream = orderStream(data.orderId);
      let appended;
      try {
        appended = await deps.eventStore.append(stream, [{ id, ...event, metadata }], { expectedRevision: events.at(-1)?.revision ?? 'no_stream' });
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision) || attempt >= APPEND_TRIES) throw error;
        continue;
      }
      const recorded: RecordedEvent = { id, ...event, stream, revision: appended.nextRevision, position: appended.position, metadata };
      await deps.afterIssued?.(recorded).catch(() => undefined);
      return { outcome: 'issued', receiptNumber };
    }
  };
}

const issueReceiptData = z.object({
  orderId: z.uuid(),
  reference: z.string().max(500),
  issuedAt: z.iso.datetime(),
  causationId: z.string().min(1),
  correlationId: z.string().min(1),
}) satisfies z.ZodType<IssueReceiptData>;

function parseData(data: unknown): IssueReceiptData {
  const parsed = issueReceiptData.safeParse(data);
  if (!parsed.success) throw new UnrecoverableError(`issue-receipt data is invalid: ${parsed.error.issues.map((issue) => issue.path.join('.') || 'data').join(', ')}`);
  return parsed.data;
}
