/**
 * The after-the-sale part of `npm run bench:orders`:
 * - invoice PDFs rendered per second by one process, a five-line order rendered back to back (rendering is
 *   CPU work on the event loop: the `invoices` queue's INVOICE_CONCURRENCY jobs at once overlap the waits
 *   around it, reading the order, storing the file, appending, not the rendering itself);
 * - order placed → confirmation email written: for every order placed during the checkout phase, from
 *   its OrderPlaced (the time the command was handled) to the modification time of the `.eml` whose
 *   Message-ID is the InvoiceIssued event's id (render, store, append, project the mail, write it), and where
 *   that time went, step by step, from the events' own clocks and BullMQ's job times (created, started, finished).
 */
import { stat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createPostgresEventStore } from '@labshop/platform/event-store/index';
import type { InvoiceIssuedData } from '@labshop/contracts/orders/invoices-events';
import { invoiceNumberFor } from '@labshop/contracts/orders/document-numbers';
import type { OrderPlacedData } from '@labshop/contracts/orders/events';
import { invoiceContent } from '@labshop/workers/invoices/invoice-content';
import { renderInvoicePdf } from '@labshop/workers/invoices/invoice-pdf';
import { readJobTimes, type JobTimes } from '@labshop/workers/testing/job-times';
import { testOrderView } from '@labshop/workers/testing/order-view';

/** The steps from an order placed to its confirmation written, in the order they happen. */
export const CONFIRMATION_STEPS = [
  'placed → PO submitted (client: My Orders read, PO request)',
  'submitted → invoice job created',
  'invoice job waiting',
  'invoice job running (read, render, store, append)',
  'invoice issued → mail job created',
  'mail job waiting',
  'mail job started → .eml written',
] as const;
export type ConfirmationStep = (typeof CONFIRMATION_STEPS)[number];

/** PDFs per second one process renders back to back, for `durationMs`. */
export async function invoicesRenderedPerSecond(durationMs: number): Promise<number> {
  const base = testOrderView();
  const line = base.lines[0]!;
  const order = testOrderView({
    lines: Array.from({ length: 5 }, (_, index) => ({ ...line, catalogNumber: `EX-${index}` })),
  });
  const issuedAt = new Date().toISOString();
  let rendered = 0;
  const started = performance.now();
  while (performance.now() - started < durationMs) {
    await renderInvoicePdf(invoiceContent(order, invoiceNumberFor(order.orderNumber), issuedAt), new Date(issuedAt));
    rendered++;
  }
  return rendered / ((performance.now() - started) / 1000);
}

/**
 * Waits up to `waitMs` for the confirmation of every order placed since `since` (and submitted as a
 * purchase order), then answers the latencies of those that arrived and how many did not.
 */
export async function placedToConfirmationMs(options: {
  databaseUrl: string;
  mailDir: string;
  since: Date;
  waitMs: number;
  /** Where the shop's BullMQ jobs are (its REDIS_URL and QUEUE_PREFIX), to split the time into steps. */
  redisUrl: string;
  queuePrefix: string;
}): Promise<{
  latencies: number[];
  missing: number;
  /** From the purchase order's event to the .eml: the part after the client's own steps. */
  fromSubmitted: number[];
  steps: Map<ConfirmationStep, number[]>;
}> {
  const store = createPostgresEventStore({ connectionString: options.databaseUrl });
  try {
    const placedAt = new Map<string, number>();
    const submitted = new Map<string, { eventId: string; at: number }>();
    const invoiceEventOf = new Map<string, string>();
    const issuedAt = new Map<string, number>();
    const deadline = Date.now() + options.waitMs;
    let latencies: number[] = [];
    for (;;) {
      for await (const event of store.readAll({ types: ['OrderPlaced', 'PurchaseOrderSubmitted', 'InvoiceIssued'] })) {
        const orderId = (event.data as OrderPlacedData | InvoiceIssuedData).orderId;
        const at = Date.parse(event.metadata.occurredAt);
        if (event.type === 'OrderPlaced' && at >= options.since.getTime()) placedAt.set(orderId, at);
        if (event.type === 'PurchaseOrderSubmitted') submitted.set(orderId, { eventId: event.id, at });
        if (event.type === 'InvoiceIssued') {
          invoiceEventOf.set(orderId, event.id);
          issuedAt.set(orderId, at);
        }
      }
      const written = new Map<string, number>();
      for (const name of await readdir(options.mailDir).catch(() => [] as string[])) {
        const eventId = /-([0-9a-f-]{36})@/.exec(name)?.[1];
        if (eventId && name.endsWith('.eml')) written.set(eventId, (await stat(join(options.mailDir, name))).mtimeMs);
      }
      const expected = [...placedAt.keys()].filter((orderId) => submitted.has(orderId));
      latencies = expected.flatMap((orderId) => {
        const mailedAt = written.get(invoiceEventOf.get(orderId) ?? '');
        return mailedAt === undefined ? [] : [mailedAt - placedAt.get(orderId)!];
      });
      if (latencies.length === expected.length || Date.now() > deadline) {
        const mailed = expected.filter((orderId) => written.has(invoiceEventOf.get(orderId) ?? ''));
        const steps = await confirmationSteps(options, mailed, {
          placedAt,
          submitted,
          issuedAt,
          invoiceEventOf,
          written,
        });
        const fromSubmitted = mailed.map(
          (orderId) => written.get(invoiceEventOf.get(orderId)!)! - submitted.get(orderId)!.at,
        );
        return { latencies, missing: expected.length - latencies.length, fromSubmitted, steps };
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await store.close();
  }
}

/** Each mailed order's time split into CONFIRMATION_STEPS (the invoice job's id is the purchase order's event id + '-1', the mail's the InvoiceIssued's). */
async function confirmationSteps(
  options: { redisUrl: string; queuePrefix: string },
  orderIds: readonly string[],
  facts: {
    placedAt: Map<string, number>;
    submitted: Map<string, { eventId: string; at: number }>;
    issuedAt: Map<string, number>;
    invoiceEventOf: Map<string, string>;
    written: Map<string, number>;
  },
): Promise<Map<ConfirmationStep, number[]>> {
  const invoiceJobOf = (orderId: string) => `${facts.submitted.get(orderId)!.eventId}-1`;
  const times = await readJobTimes(options.redisUrl, options.queuePrefix, [
    ...orderIds.map((orderId) => ({ queue: 'invoices', id: invoiceJobOf(orderId) })),
    ...orderIds.map((orderId) => ({ queue: 'mail', id: facts.invoiceEventOf.get(orderId)! })),
  ]);
  const steps = new Map<ConfirmationStep, number[]>(CONFIRMATION_STEPS.map((step) => [step, []]));
  for (const orderId of orderIds) {
    const invoice: JobTimes | undefined = times.get(invoiceJobOf(orderId));
    const mail: JobTimes | undefined = times.get(facts.invoiceEventOf.get(orderId)!);
    if (!invoice?.startedAt || !invoice.finishedAt || !mail?.startedAt) continue;
    const submittedAt = facts.submitted.get(orderId)!.at;
    const durations: number[] = [
      submittedAt - facts.placedAt.get(orderId)!,
      invoice.createdAt - submittedAt,
      invoice.startedAt - invoice.createdAt,
      invoice.finishedAt - invoice.startedAt,
      mail.createdAt - facts.issuedAt.get(orderId)!,
      mail.startedAt - mail.createdAt,
      facts.written.get(facts.invoiceEventOf.get(orderId)!)! - mail.startedAt,
    ];
    CONFIRMATION_STEPS.forEach((step, index) => steps.get(step)!.push(durations[index]!));
  }
  return steps;
}
