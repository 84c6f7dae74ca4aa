/**
 * The after-the-sale part of `npm run bench:orders`:
 * - invoice PDFs rendered per second by one process, a five-line order rendered back to back (rendering is
 *   CPU work on the event loop: the `invoices` queue's INVOICE_CONCURRENCY jobs at once overlap the waits
 *   around it, reading the order, storing the file, appending, not the rendering itself);
 * - order placed → confirmation email written: for every order placed during the checkout phase, from
 *   its OrderPlaced (the time the command was handled) to the modification time of the `.eml` whose
 *   Message-ID is the InvoiceIssued event's id (render, store, append, project the mail, write it).
 */
import { stat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createPostgresEventStore } from '@labshop/platform/event-store/index';
import type { InvoiceIssuedData } from '@labshop/contracts/orders/invoices-events';
import type { OrderPlacedData } from '@labshop/contracts/orders/events';
import { invoiceContent } from '@labshop/workers/invoices/invoice-content';
import { renderInvoicePdf } from '@labshop/workers/invoices/invoice-pdf';
import { testOrderView } from '@labshop/workers/testing/order-view';

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
    await renderInvoicePdf(invoiceContent(order, `INV-${order.orderNumber}`, issuedAt), new Date(issuedAt));
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
}): Promise<{ latencies: number[]; missing: number }> {
  const store = createPostgresEventStore({ connectionString: options.databaseUrl });
  try {
    const placedAt = new Map<string, number>();
    const submitted = new Set<string>();
    const invoiceEventOf = new Map<string, string>();
    const deadline = Date.now() + options.waitMs;
    let latencies: number[] = [];
    for (;;) {
      for await (const event of store.readAll({ types: ['OrderPlaced', 'PurchaseOrderSubmitted', 'InvoiceIssued'] })) {
        const orderId = (event.data as OrderPlacedData | InvoiceIssuedData).orderId;
        const at = Date.parse(event.metadata.occurredAt);
        if (event.type === 'OrderPlaced' && at >= options.since.getTime()) placedAt.set(orderId, at);
        if (event.type === 'PurchaseOrderSubmitted') submitted.add(orderId);
        if (event.type === 'InvoiceIssued') invoiceEventOf.set(orderId, event.id);
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
      if (latencies.length === expected.length || Date.now() > deadline)
        return { latencies, missing: expected.length - latencies.length };
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await store.close();
  }
}
