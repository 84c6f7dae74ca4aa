import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@labshop/platform/event-store/port';
import type {
  CreditNoteIssuedData,
  InvoiceIssuedData,
  PaymentReceiptIssuedData,
} from '@labshop/contracts/orders/invoices-events';
import { creditNoteNumberFor, invoiceNumberFor } from '@labshop/contracts/orders/document-numbers';
import { orderStream, type OrderEvent } from '@labshop/contracts/orders/events';
import { createInvoiceStore, type InvoiceStore } from '@labshop/platform/invoices/invoice-store';
import { parseDollars } from '@labshop/contracts/money';
import type { FinanceLedger } from '@labshop/contracts/finance/queries';
import { givenEvents, TEST_ADMIN } from '@labshop/platform/testing/given-events';
import { testOrderPlacedData } from '@labshop/contracts/testing/orders';
import { createTestStores } from '@labshop/platform/testing/stores';
import { pdfText } from '../testing/pdf-text.ts';
import {
  createIssueCreditNoteProcessor,
  createIssueInvoiceProcessor,
  createIssueReceiptProcessor,
} from './issue-document.ts';

/**
 * Every money document of a history, issued by the real processors and read back from their PDFs, sums
 * to the ledger `npm run finance -- ledger` replays from the same event store: to the cent.
 */
let stores: Awaited<ReturnType<typeof createTestStores>>;
let dataDir = '';
let invoices: InvoiceStore;

beforeAll(async () => {
  stores = await createTestStores();
  dataDir = await mkdtemp(join(tmpdir(), 'labshop-ledger-docs-'));
  invoices = createInvoiceStore(join(dataDir, 'invoices'));
});

afterAll(async () => {
  await stores?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const job = <Data>(data: Data) => ({ data });
const causation = { causationId: 'test', correlationId: 'test' };

async function history(orderId: string): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const event of stores.eventStore.readStream(orderStream(orderId))) events.push(event);
  return events;
}

/** An order placed and paid by purchase order, its invoice issued by the workers; `staff` appends as the admin. */
async function invoicedOrder(n: number, totalCents: number) {
  const orderId = `00000000-0000-4000-8000-000000000${String(n).padStart(3, '0')}`;
  const data = testOrderPlacedData(orderId, `customer-${n}`, '2026-11-02T15:00:00.000Z', {
    subtotalCents: totalCents,
    taxCents: 0,
    totalCents,
    taxRateBasisPoints: 0,
  });
  const staff = (...events: OrderEvent[]) => givenEvents(stores.eventStore, orderStream(orderId), events, TEST_ADMIN);
  await staff(
    { type: 'OrderPlaced', data },
    {
      type: 'PurchaseOrderSubmitted',
      data: {
        orderId,
        customerId: data.customerId,
        company: 'Lee Labs',
        name: 'Ann Lee',
        poNumber: `PO-${n}`,
        cardType: 'visa',
        cardLast4: '4242',
        submittedAt: '2026-11-02T15:01:00.000Z',
      },
    },
  );
  await createIssueInvoiceProcessor({ eventStore: stores.eventStore, invoices })(
    job({ orderId, issuedAt: '2026-11-02T15:01:00.000Z', ...causation }),
  );
  const invoiceNumber = invoiceNumberFor(data.orderNumber);
  let notes = 0;
  return {
    orderId,
    staff,
    async credit(amountCents: number, reason: string, at: string, extra: OrderEvent[] = []) {
      notes += 1;
      const creditNoteNumber = creditNoteNumberFor(data.orderNumber, notes);
      await staff(...extra, {
        type: 'CreditNoteRequested',
        data: { orderId, creditNoteNumber, invoiceNumber, amountCents, reason, requestedAt: at },
      });
      await createIssueCreditNoteProcessor({ eventStore: stores.eventStore, invoices })(
        job({ orderId, creditNoteNumber, issuedAt: at, ...causation }),
      );
    },
    async pay(at: string) {
      await staff({ type: 'InvoiceMarkedPaid', data: { orderId, reference: `ACH ${n}`, paidAt: at } });
      await createIssueReceiptProcessor({ eventStore: stores.eventStore, invoices })(
        job({ orderId, reference: `ACH ${n}`, issuedAt: at, ...causation }),
      );
    },
  };
}

const amount = (text: string, label: string): number => {
  const match = new RegExp(`${label} \\$([\\d,]+\\.\\d{2})`).exec(text);
  if (!match) throw new Error(`"${label}" is not in:\n${text}`);
  return parseDollars(match[1]!)!;
};

describe('the money documents and the finance ledger', () => {
  it('reconcile to the cent: issued, paid, credited, refunds due and open', async () => {
    // Paid in full, then a credit: a refund is due and paid stays what was paid.
    const paidThenCredited = await invoicedOrder(1, 54_454);
    await paidThenCredited.pay('2026-11-03T15:00:00.000Z');
    await paidThenCredited.credit(4_850, 'One flask pack arrived damaged', '2026-11-04T15:00:00.000Z');
    // Credited, then paid what was left.
    const creditedThenPaid = await invoicedOrder(2, 20_000);
    await creditedThenPaid.credit(1_000, 'Price match', '2026-11-03T15:00:00.000Z');
    await creditedThenPaid.pay('2026-11-05T15:00:00.000Z');
    // Cancelled after invoicing: the cancellation's full credit note (as the order decider decides it).
    const cancelled = await invoicedOrder(3, 510_300);
    await cancelled.credit(510_300, 'Order cancelled: Customer asked', '2026-11-04T16:00:00.000Z', [
      {
        type: 'OrderCancelled',
        data: { orderId: cancelled.orderId, reason: 'Customer asked', cancelledAt: '2026-11-04T16:00:00.000Z' },
      },
    ]);
    // Open, partly credited.
    const open = await invoicedOrder(4, 9_911);
    await open.credit(911, 'Shipping refund', '2026-11-06T15:00:00.000Z');

    const documents = { issued: 0, paid: 0, credited: 0, refundsDue: 0, unpaidBalances: 0 };
    for (const order of [paidThenCredited, creditedThenPaid, cancelled, open]) {
      const events = await history(order.orderId);
      let balance = 0;
      let paid = false;
      for (const event of events) {
        if (event.type === 'InvoiceIssued') {
          const { text } = await pdfText(await invoices.read(event.data as InvoiceIssuedData));
          balance = amount(text, 'Amount due');
          documents.issued += balance;
        }
        if (event.type === 'CreditNoteIssued') {
          const { text } = await pdfText(await invoices.read(event.data as CreditNoteIssuedData));
          documents.credited += amount(text, 'Credited by this note');
          if (text.includes('Refund due to you')) documents.refundsDue += amount(text, 'Refund due to you');
          else balance = amount(text, 'Invoice balance after credits');
        }
        if (event.type === 'PaymentReceiptIssued') {
          const { text } = await pdfText(await invoices.read(event.data as PaymentReceiptIssuedData));
          documents.paid += amount(text, 'Amount paid');
          paid = true;
        }
      }
      if (!paid) documents.unpaidBalances += balance;
    }

    const cli = await promisify(execFile)(
      'npx',
      ['tsx', 'query-api/src/cli/finance.ts', 'ledger', '--as-of', new Date().toISOString(), '--format', 'json'],
      {
        cwd: resolve(import.meta.dirname, '../../..'),
        env: { ...process.env, DATABASE_URL: stores.databaseUrl, EVENTSTORE_URL: '', LOG_LEVEL: 'silent' },
      },
    );
    const ledger = JSON.parse(cli.stdout) as FinanceLedger;
    const totals = ledger.invoiceTotals;
    expect(documents).toEqual({
      issued: 594_665,
      paid: 73_454,
      credited: 517_061,
      refundsDue: 4_850,
      unpaidBalances: 9_000,
    });
    expect({
      issued: totals.issued.totalCents,
      paid: totals.paid.totalCents,
      credited: totals.credited.totalCents,
      refundsDue: totals.refundsDue.totalCents,
      unpaidBalances: totals.open.totalCents + totals.overdue.totalCents,
    }).toEqual(documents);
    // The books balance: what was invoiced is paid, credited, still owed, less what is owed back.
    expect(totals.issued.totalCents).toBe(
      totals.paid.totalCents +
        totals.credited.totalCents +
        totals.open.totalCents +
        totals.overdue.totalCents -
        totals.refundsDue.totalCents,
    );
    expect(ledger.invoices.find((row) => row.orderId === cancelled.orderId)).toMatchObject({
      standing: 'Credited',
      balanceCents: 0,
    });
    expect(ledger.invoices.find((row) => row.orderId === paidThenCredited.orderId)).toMatchObject({
      standing: 'Paid',
      paidCents: 54_454,
      refundDueCents: 4_850,
    });
  });
});
