import { handleCommand } from '@labshop/platform/deciders/handle-command';
import { retainedDocumentsDecider } from '@labshop/contracts/orders/retained-documents';
import type { EventStore, RecordedEvent } from '@labshop/platform/event-store/port';
import { orderStream } from '@labshop/contracts/orders/events';
import { issuedDocuments } from '@labshop/contracts/orders/document-numbers';
import type { RetainedDocumentEvent } from '@labshop/contracts/orders/retained-documents-events';
import { invoiceFileName, type InvoiceStore } from '@labshop/platform/invoices/invoice-store';
import { readOrder } from '../jobs/order-stream.ts';
import type { Logger } from '../logger.ts';

export interface RetentionDeps {
  eventStore: EventStore;
  invoices: InvoiceStore;
  /** Years from a document's issue date (LEGAL_RETENTION_YEARS). */
  retentionYears: number;
  logger: Logger;
}

/** The moment a document issued at `issuedAt` may be shredded: the same date and time `years` later (UTC). */
export function retainedUntil(issuedAt: string, years: number): Date {
  const until = new Date(issuedAt);
  until.setUTCFullYear(until.getUTCFullYear() + years);
  return until;
}

const SYSTEM = { kind: 'system', id: 'retention', email: 'retention@labshop.local' } as const;

/**
 * Shreds the invoices, credit notes and payment receipts of erased customers whose retention period is over: the documents
 * are recorded as shredded first (RetainedDocumentsShredded on the order's stream, the system its
 * actor), then their files are deleted, so a sweep cut short is finished by the next one and never
 * records a document twice. Only erased customers' documents are shredded; the others are the
 * customers' own records. Answers what it shredded.
 */
export async function shredExpiredDocuments(
  deps: RetentionDeps,
  now: Date,
): Promise<{ orderId: string; documentNumbers: string[] }[]> {
  const orderIds = new Set<string>();
  for await (const event of deps.eventStore.readAll({ types: ['CustomerErased'] })) {
    for (const orderId of (event.data as { orderIds?: string[] }).orderIds ?? []) orderIds.add(orderId);
  }
  const shredded: { orderId: string; documentNumbers: string[] }[] = [];
  for (const orderId of orderIds) {
    const { order, events } = await readOrder(deps.eventStore, orderId);
    if (!order) continue;
    const { initialState, evolve } = retainedDocumentsDecider;
    const recorded = events.reduce(
      (state, event) => evolve(state, event as RecordedEvent & RetainedDocumentEvent),
      initialState(),
    );
    const documents = issuedDocuments(order.view).flatMap((document) =>
      document.sha256 && document.issuedAt
        ? [{ number: document.number, fileName: invoiceFileName(document.sha256), issuedAt: document.issuedAt }]
        : [],
    );
    const due = documents.filter(
      (document) => recorded.has(document.number) || retainedUntil(document.issuedAt, deps.retentionYears) <= now,
    );
    const correlationId = crypto.randomUUID();
    const metadata = { actor: SYSTEM, correlationId, causationId: correlationId, occurredAt: now.toISOString() };
    const command = {
      type: 'RecordShredded',
      orderId,
      documentNumbers: due.map((document) => document.number),
      at: now,
    } as const;
    const [newly] = (
      await handleCommand(deps.eventStore, orderStream(orderId), retainedDocumentsDecider, command, metadata)
    ).events;
    if (newly?.type === 'RetainedDocumentsShredded')
      shredded.push({ orderId, documentNumbers: newly.data.documentNumbers });
    for (const document of due) await deps.invoices.shred(document);
  }
  if (shredded.length > 0)
    deps.logger.info(
      {
        orders: shredded.length,
        documents: shredded.reduce((sum, { documentNumbers }) => sum + documentNumbers.length, 0),
      },
      'Retained documents shredded',
    );
  return shredded;
}

/** Runs the sweep now and then every `everyMs` (6 hours by default) until stopped; a failed sweep is logged and tried again next time. */
export function startRetentionSweeps(
  deps: RetentionDeps,
  options: { everyMs?: number; now?: () => Date } = {},
): { stop(): Promise<void> } {
  const now = options.now ?? (() => new Date());
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = shredExpiredDocuments(deps, now()).catch((error: unknown) =>
      deps.logger.warn(
        { error: error instanceof Error ? error.message : String(error) },
        'Retention sweep failed; trying again at the next one',
      ),
    );
  };
  sweep();
  const timer = setInterval(sweep, options.everyMs ?? 6 * 60 * 60 * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
