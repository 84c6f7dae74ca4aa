import { randomUUID } from 'node:crypto';
import { UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import { WrongExpectedRevision, type EventStore, type RecordedEvent } from '@labshop/shared/event-store/port';
import { INVOICING_ACTOR, type CreditNoteIssuedData, type InvoiceEvent } from '@labshop/shared/events/invoices';
import { orderStream } from '@labshop/shared/events/orders';
import type { InvoiceStore } from '@labshop/shared/invoices/invoice-store';
import { creditNoteContent, renderCreditNotePdf } from '../invoices/credit-note-pdf.ts';
import type { JobRequest } from '../reactor/reactor.ts';
import { INVOICE_QUEUE } from './order-invoice.ts';
import { readOrder } from './order-stream.ts';

export const ISSUE_CREDIT_NOTE = 'issue-credit-note';

/** What the reactor puts in the job: the order, the note staff asked for, and its request time (the note's date). */
export interface IssueCreditNoteData {
  orderId: string;
  creditNoteNumber: string;
  issuedAt: string;
  causationId: string;
  correlationId: string;
}

export const issueCreditNoteJob = (data: IssueCreditNoteData): JobRequest<IssueCreditNoteData> => ({ queue: INVOICE_QUEUE, name: ISSUE_CREDIT_NOTE, data });

export type IssueCreditNoteResult = { outcome: 'issued' | 'already-issued'; creditNoteNumber: string };

// A staff move landing between our read and our append is decided again, a few times, before BullMQ's retries.
const APPEND_TRIES = 5;

/**
 * Issues a credit note staff asked for, once, as the invoice is issued: renders its PDF (a function of the
 * order and the request time, so a retry stores the same file), stores it under its hash, and appends
 * CreditNoteIssued with the hash to the order's stream at the revision it read. A retry finds the note
 * issued and does nothing.
 */
export function createIssueCreditNoteProcessor(deps: { eventStore: EventStore; invoices: InvoiceStore; afterIssued?: (event: RecordedEvent) => Promise<void> }) {
  return async (job: Pick<Job<unknown>, 'data'>): Promise<IssueCreditNoteResult> => {
    const data = parseData(job.data);
    for (let attempt = 1; ; attempt++) {
      const { order, events } = await readOrder(deps.eventStore, data.orderId);
      const issuedAlready = events.some((event) => event.type === 'CreditNoteIssued' && (event.data as CreditNoteIssuedData).creditNoteNumber === data.creditNoteNumber);
      if (issuedAlready) return { outcome: 'already-issued', creditNoteNumber: data.creditNoteNumber };
      const note = order?.view.creditNotes.find((candidate) => candidate.creditNoteNumber === data.creditNoteNumber);
      if (!order || !note) throw new UnrecoverableError(`Order ${data.orderId} has no credit note ${data.creditNoteNumber}`);

      const pdf = await renderCreditNotePdf(creditNoteContent(order.view, note, data.issuedAt), new Date(data.issuedAt));
      const stored = await deps.invoices.put(pdf);
      const { creditNoteNumber, invoiceNumber, amountCents, reason } = note;
      const issued: CreditNoteIssuedData = { orderId: data.orderId, creditNoteNumber, invoiceNumber, amountCents, reason, ...stored, issuedAt: data.issuedAt };
      const event: InvoiceEvent = { type: 'CreditNoteIssued', data: issued };
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
      return { outcome: 'issued', creditNoteNumber };
    }
  };
}

const issueCreditNoteData = z.object({
  orderId: z.uuid(),
  creditNoteNumber: z.string().regex(/^CN-[A-Za-z0-9]+-\d+$/),
  issuedAt: z.iso.datetime(),
  causationId: z.string().min(1),
  correlationId: z.string().min(1),
}) satisfies z.ZodType<IssueCreditNoteData>;

function parseData(data: unknown): IssueCreditNoteData {
  const parsed = issueCreditNoteData.safeParse(data);
  // Retrying cannot repair the data, so the job fails at once and stays in the failed set.
  if (!parsed.success) throw new UnrecoverableError(`issue-credit-note data is invalid: ${parsed.error.issues.map((issue) => issue.path.join('.') || 'data').join(', ')}`);
  return parsed.data;
}
