import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import { START, type Actor, type RecordedEvent } from '@labshop/platform/event-store/port';
import type {
  CreditNoteIssuedData,
  InvoiceIssuedData,
  PaymentReceiptIssuedData,
} from '@labshop/contracts/orders/invoices-events';
import { orderStream, type OrderEvent, type OrderPlacedData } from '@labshop/contracts/orders/events';
import { createInvoiceStore, invoiceDirOf } from '@labshop/platform/invoices/invoice-store';
import { createLogger } from '@labshop/platform/logger';
import { givenEvents, TEST_ADMIN } from '@labshop/platform/testing/given-events';
import { createTestStores } from '@labshop/platform/testing/stores';
import { checkpointName } from '../reactor/reactor.ts';
import { orderEmailsReactor } from '../reactors/order-emails.ts';
import { startWorkers, type RunningWorkers } from '../start.ts';
import { pdfText } from '../testing/pdf-text.ts';
import { testOrderView } from '../testing/order-view.ts';
import { readMailDir, type ParsedMail } from '../testing/read-eml.ts';
import { createIssueInvoiceProcessor, INVOICE_QUEUE, ISSUE_INVOICE, type IssueInvoiceData } from './issue-document.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const publicUrl = 'https://shop.example';
const salesEmail = 'sales@labshop.test';

let stores: Awaited<ReturnType<typeof createTestStores>>;
let redis: Redis;
let dataDir = '';
let prefix = '';
let workers: RunningWorkers | undefined;

const start = () =>
  startWorkers({
    eventStore: stores.eventStore,
    readStore: stores.readStore,
    redisUrl: REDIS_URL,
    dataDir,
    mailFrom: 'LabShop <no-reply@labshop.test>',
    logger: createLogger('silent'),
    reactors: [orderEmailsReactor],
    prefix,
    reactorTiming: { retry: { initialDelayMs: 50, maxDelayMs: 500 }, enqueueTimeoutMs: 1_000 },
    orderEmails: { publicUrl, salesEmail },
  });

beforeAll(async () => {
  stores = await createTestStores();
  dataDir = await mkdtemp(join(tmpdir(), 'labshop-order-mail-'));
  prefix = `labshop-test-${randomBytes(6).toString('hex')}`;
  redis = new Redis(REDIS_URL);
  workers = start();
});

afterAll(async () => {
  await workers?.stop();
  const leftovers = await redis.keys(`${prefix}:*`);
  if (leftovers.length > 0) await redis.del(...leftovers);
  await redis?.quit();
  await stores?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const mails = () => readMailDir(join(dataDir, 'mail'));

async function waitForMail(subject: string): Promise<ParsedMail> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = (await mails()).find((mail) => mail.subject === subject);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(
        `no mail "${subject}" after 20 s; have: ${(await mails()).map((mail) => mail.subject).join(' | ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function orderEvents(orderId: string): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const event of stores.eventStore.readStream(orderStream(orderId))) events.push(event);
  return events;
}

/** A placed order (the command API's part is tested there) with the test view's lines and amounts. */
async function placeOrder(orderNumber: string, email: string) {
  const orderId = randomUUID();
  const customer: Actor = { kind: 'customer', id: randomUUID(), email };
  const view = testOrderView();
  const placed: OrderPlacedData = {
    orderId,
    orderNumber,
    customerId: customer.id,
    lines: view.lines,
    address: { ...view.address, email },
    taxExemptNumber: null,
    taxState: 'LA',
    taxRateBasisPoints: 1012,
    subtotalCents: view.subtotalCents,
    taxCents: view.taxCents,
    totalCents: view.totalCents,
    idempotencyKey: randomUUID(),
    placedAt: '2026-11-23T15:00:00.000Z',
  };
  const given = (...events: OrderEvent[]) => givenEvents(stores.eventStore, orderStream(orderId), events, customer);
  await given({ type: 'OrderPlaced', data: placed });
  return {
    orderId,
    customer,
    given,
    staff: (...events: OrderEvent[]) => givenEvents(stores.eventStore, orderStream(orderId), events, TEST_ADMIN),
  };
}

const purchaseOrder = (orderId: string, customerId: string): OrderEvent => ({
  type: 'PurchaseOrderSubmitted',
  data: {
    orderId,
    customerId,
    company: 'Lee Labs',
    name: 'Ann Lee',
    poNumber: 'PO-7781',
    cardType: 'visa',
    cardLast4: '4242',
    submittedAt: '2026-11-23T15:01:00.000Z',
  },
});

describe('order emails and invoices (events → reactor → BullMQ on real Redis → PDF store and .eml)', () => {
  let first: Awaited<ReturnType<typeof placeOrder>>;

  it('issues the invoice once and mails the confirmation with that very PDF attached, and tells sales', async () => {
    first = await placeOrder('LUM2311202600101', 'ann@example.com');
    await first.given(purchaseOrder(first.orderId, first.customer.id));

    const confirmation = await waitForMail('Order LUM2311202600101 received — invoice INV-LUM2311202600101');
    expect(confirmation.to).toBe('ann@example.com');
    expect(confirmation.text).toContain('Dear Ann Lee,');
    expect(confirmation.text).toContain(`${publicUrl}/my-order`);
    expect(confirmation.html).toContain(`href="${publicUrl}/my-order"`);
    expect(confirmation.text).toContain('Total  $231.25');

    const issued = (await orderEvents(first.orderId)).filter((event) => event.type === 'InvoiceIssued');
    expect(issued).toHaveLength(1);
    const invoice = issued[0]!.data as InvoiceIssuedData;
    expect(invoice).toMatchObject({
      orderId: first.orderId,
      invoiceNumber: 'INV-LUM2311202600101',
      issuedAt: '2026-11-23T15:01:00.000Z',
      fileName: `${invoice.sha256}.pdf`,
    });
    expect(issued[0]!.metadata.actor).toMatchObject({ kind: 'system', id: 'invoicing' });
    expect(confirmation.messageId).toBe(`<${issued[0]!.id}@labshop.test>`);

    // The attachment is the stored file, byte for byte, and hashes to what the event recorded.
    expect(confirmation.attachments).toHaveLength(1);
    const [pdf] = confirmation.attachments;
    expect(pdf).toMatchObject({ filename: 'INV-LUM2311202600101.pdf', contentType: 'application/pdf' });
    expect(createHash('sha256').update(pdf!.content).digest('hex')).toBe(invoice.sha256);
    expect(pdf!.content.length).toBe(invoice.size);
    expect((await readFile(join(invoiceDirOf(dataDir), invoice.fileName))).equals(pdf!.content)).toBe(true);
    const { text } = await pdfText(pdf!.content);
    for (const expected of [
      'PO number PO-7781',
      'EX-100 Exosome isolation kit',
      'MY-250 Mycoplasma detection kit',
      'Sales tax (LA 10.12%) $21.25',
      'Total $231.25',
    ])
      expect(text).toContain(expected);

    const sales = await waitForMail('New purchase order LUM2311202600101 (PO PO-7781) — $231.25');
    expect(sales.to).toBe(salesEmail);
    expect(sales.text).toContain(`${publicUrl}/admin/orders/${first.orderId}`);
    expect(sales.attachments).toEqual([]);
  });

  it('takes a purchase order handed over by its command at once (reactNow) and again by the reactor as one invoice job: one invoice, one confirmation', async () => {
    const order = await placeOrder('LUM2311202600121', 'bo@example.com');
    await order.given(purchaseOrder(order.orderId, order.customer.id));
    const submitted = (await orderEvents(order.orderId)).find((event) => event.type === 'PurchaseOrderSubmitted')!;
    workers!.reactNow([submitted]);

    await waitForMail('Order LUM2311202600121 received — invoice INV-LUM2311202600121');
    // The reactor has had the event too once its checkpoint is past it.
    const checkpoint = checkpointName(orderEmailsReactor);
    for (
      let waited = 0;
      ((await stores.readStore.getCheckpoint(checkpoint)) ?? START) < submitted.position && waited < 10_000;
      waited += 50
    )
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await stores.readStore.getCheckpoint(checkpoint)) ?? START).not.toBe(START);

    const queue = new Queue(INVOICE_QUEUE, { connection: redis, prefix });
    try {
      const jobs = (await queue.getJobs(['completed', 'active', 'waiting', 'delayed', 'failed'])).filter(
        (job) => (job.data as IssueInvoiceData).orderId === order.orderId,
      );
      expect(jobs.map((job) => job.id)).toEqual([`${submitted.id}-1`]);
    } finally {
      await queue.close();
    }
    expect((await orderEvents(order.orderId)).filter((event) => event.type === 'InvoiceIssued')).toHaveLength(1);
    expect((await mails()).filter((mail) => mail.subject.startsWith('Order LUM2311202600121 received'))).toHaveLength(
      1,
    );
  });

  it('acknowledges a quote request and tells sales, issuing no invoice', async () => {
    const quote = await placeOrder('LUM2311202600102', 'bo@example.com');
    await quote.given({
      type: 'QuoteRequested',
      data: {
        orderId: quote.orderId,
        customerId: quote.customer.id,
        company: 'Bo Bio',
        name: 'Bo Park',
        poNumber: '',
        requestedAt: new Date().toISOString(),
      },
    });
    const received = await waitForMail('Quote request LUM2311202600102 received');
    expect(received.to).toBe('bo@example.com');
    expect(received.text).toContain(`${publicUrl}/my-order?tab=quotes`);
    expect((await waitForMail('New quote request LUM2311202600102 from Lee Labs')).to).toBe(salesEmail);

    await quote.staff({
      type: 'OrderCancelled',
      data: { orderId: quote.orderId, reason: 'Customer ordered elsewhere', cancelledAt: new Date().toISOString() },
    });
    const cancelled = await waitForMail('Order LUM2311202600102 was cancelled');
    expect(cancelled.text).toContain('Reason: Customer ordered elsewhere');
    expect((await orderEvents(quote.orderId)).some((event) => event.type === 'InvoiceIssued')).toBe(false);
  });

  it('mails the carrier and tracking number once the order ships', async () => {
    const at = new Date().toISOString();
    await first.staff(
      { type: 'OrderConfirmed', data: { orderId: first.orderId, confirmedAt: at } },
      { type: 'OrderProcessing', data: { orderId: first.orderId, processingAt: at } },
      {
        type: 'OrderShipped',
        data: { orderId: first.orderId, carrier: 'FedEx', trackingNumber: '7712 3456 7890', shippedAt: at },
      },
    );
    const shipped = await waitForMail('Order LUM2311202600101 has shipped');
    expect(shipped.to).toBe('ann@example.com');
    expect(shipped.text).toContain('Carrier: FedEx. Tracking number: 7712 3456 7890.');
    expect(shipped.html).toContain('7712 3456 7890');
  });

  it('issues one invoice however many attempts run at once', async () => {
    const racing = await placeOrder('LUM2311202600103', 'cy@example.com');
    const issue = createIssueInvoiceProcessor({
      eventStore: stores.eventStore,
      invoices: createInvoiceStore(invoiceDirOf(dataDir)),
    });
    const data = {
      orderId: racing.orderId,
      issuedAt: '2026-11-23T15:01:00.000Z',
      causationId: randomUUID(),
      correlationId: randomUUID(),
    };
    // The reactor's job runs beside three direct attempts.
    await racing.given(purchaseOrder(racing.orderId, racing.customer.id));
    const outcomes = await Promise.all([issue({ data }), issue({ data }), issue({ data })]);
    expect(
      outcomes.every((outcome) => 'invoiceNumber' in outcome && outcome.invoiceNumber === 'INV-LUM2311202600103'),
    ).toBe(true);
    await waitForMail('Order LUM2311202600103 received — invoice INV-LUM2311202600103');
    expect((await orderEvents(racing.orderId)).filter((event) => event.type === 'InvoiceIssued')).toHaveLength(1);
    expect(await issue({ data })).toEqual({ outcome: 'already-issued', invoiceNumber: 'INV-LUM2311202600103' });
  });

  it('issues no invoice for a purchase order cancelled before its invoice job ran', async () => {
    const cancelled = await placeOrder('LUM2311202600105', 'ed@example.com');
    const issue = createIssueInvoiceProcessor({
      eventStore: stores.eventStore,
      invoices: createInvoiceStore(invoiceDirOf(dataDir)),
    });
    const data = {
      orderId: cancelled.orderId,
      issuedAt: '2026-11-23T15:01:00.000Z',
      causationId: randomUUID(),
      correlationId: randomUUID(),
    };
    // Submitted and cancelled in one append: the reactor's invoice job, like this direct one, finds the order cancelled.
    await cancelled.given(purchaseOrder(cancelled.orderId, cancelled.customer.id), {
      type: 'OrderCancelled',
      data: { orderId: cancelled.orderId, reason: 'Ordered twice', cancelledAt: new Date().toISOString() },
    });
    expect(await issue({ data })).toEqual({ outcome: 'order-cancelled' });
    await waitForMail('Order LUM2311202600105 was cancelled');
    expect((await orderEvents(cancelled.orderId)).map((event) => event.type)).not.toContain('InvoiceIssued');
  });

  it('renders the invoices of several orders at once through the queue, and jobs racing for one order issue one invoice', async () => {
    const racing = await Promise.all(
      ['LUM2311202600111', 'LUM2311202600112', 'LUM2311202600113'].map((number, index) =>
        placeOrder(number, `racer${index}@example.com`),
      ),
    );
    for (const order of racing) await order.given(purchaseOrder(order.orderId, order.customer.id));
    // Beside the reactor's own job for each purchase order, three more per order under other ids: the worker runs
    // several at once (INVOICE_CONCURRENCY, 16 by default), so jobs for one order do run side by side.
    const queue = new Queue(INVOICE_QUEUE, { connection: redis, prefix });
    try {
      const jobs = await queue.addBulk(
        racing.flatMap((order) =>
          [1, 2, 3].map((attempt) => {
            const data: IssueInvoiceData = {
              orderId: order.orderId,
              issuedAt: '2026-11-23T15:01:00.000Z',
              causationId: randomUUID(),
              correlationId: randomUUID(),
            };
            return { name: ISSUE_INVOICE, data, opts: { jobId: `racing-${order.orderId}-${attempt}` } };
          }),
        ),
      );
      const deadline = Date.now() + 30_000;
      let states = await Promise.all(jobs.map((job) => job.getState()));
      while (!states.every((state) => state === 'completed' || state === 'failed')) {
        if (Date.now() > deadline) throw new Error(`invoice jobs not done after 30 s: ${states.join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        states = await Promise.all(jobs.map((job) => job.getState()));
      }
      expect(states).toEqual(jobs.map(() => 'completed'));
    } finally {
      await queue.close();
    }
    for (const order of racing)
      expect((await orderEvents(order.orderId)).filter((event) => event.type === 'InvoiceIssued')).toHaveLength(1);
  });

  it('mails a quote with its prices and expiry; accepted, it is invoiced at the quoted prices and confirmed with that invoice', async () => {
    const quote = await placeOrder('LUM2311202600104', 'di@example.com');
    const { orderId } = quote;
    await quote.given({
      type: 'QuoteRequested',
      data: {
        orderId,
        customerId: quote.customer.id,
        company: 'Di Labs',
        name: 'Di Ng',
        poNumber: 'PO-Q4',
        requestedAt: '2026-11-23T15:01:00.000Z',
      },
    });
    const view = testOrderView();
    // $40.00 instead of $45.00 for the kit, $100.00 instead of $120.00 for the test: $180.00 + 10.12% = $198.22.
    const lines = view.lines.map((line, index) => ({
      ...line,
      unitPriceCents: [4_000, 10_000][index]!,
      lineTotalCents: [8_000, 10_000][index]!,
    }));
    await quote.staff({
      type: 'QuoteSent',
      data: {
        orderId,
        lines,
        subtotalCents: 18_000,
        taxCents: 1_822,
        totalCents: 19_822,
        expiresAt: '2026-12-01T05:00:00.000Z',
        sentAt: '2026-11-24T15:00:00.000Z',
      },
    });
    const sent = await waitForMail('Your quote LUM2311202600104 — $198.22, valid until November 30, 2026');
    expect(sent.to).toBe('di@example.com');
    expect(sent.text).toContain('EX-100 Exosome isolation kit (100 ml) × 2 at $40.00  $80.00');
    expect(sent.text).toContain('Total  $198.22');
    expect(sent.text).toContain(`${publicUrl}/my-order?tab=quotes`);
    // The quote as a PDF: its lines at the quoted prices and the one quote total.
    expect(sent.attachments.map((attachment) => attachment.filename)).toEqual(['Quote-LUM2311202600104.pdf']);
    const quotePdf = (await pdfText(sent.attachments[0]!.content)).text;
    for (const expected of [
      'QUOTE',
      'Valid until November 30, 2026',
      'PK-1 2 $40.00 $80.00',
      'Sales tax (LA 10.12%) $18.22',
      'Total $198.22',
    ])
      expect(quotePdf).toContain(expected);

    await quote.given({
      type: 'QuoteAccepted',
      data: { orderId, customerId: quote.customer.id, acceptedAt: '2026-11-25T15:00:00.000Z' },
    });
    const confirmation = await waitForMail('Order LUM2311202600104 received — invoice INV-LUM2311202600104');
    const toSales = await waitForMail('Quote LUM2311202600104 accepted — $198.22 (PO PO-Q4)');
    expect(toSales.to).toBe(salesEmail);
    expect(confirmation.text).toContain('Thank you for accepting your quote');
    const issued = (await orderEvents(orderId)).filter((event) => event.type === 'InvoiceIssued');
    expect(issued).toHaveLength(1);
    expect(issued[0]!.data).toMatchObject({
      invoiceNumber: 'INV-LUM2311202600104',
      issuedAt: '2026-11-25T15:00:00.000Z',
    });
    const { text } = await pdfText(confirmation.attachments[0]!.content);
    for (const expected of [
      'Invoice date November 25, 2026',
      'PO number PO-Q4',
      'PK-1 2 $40.00 $80.00',
      'Subtotal $180.00',
      'Sales tax (LA 10.12%) $18.22',
      'Total $198.22',
    ])
      expect(text).toContain(expected);
  });

  it('renders a credit note staff asked for against the invoice, records its hash, and mails it with that PDF', async () => {
    const invoiceNumber = 'INV-LUM2311202600101';
    await first.staff({
      type: 'CreditNoteRequested',
      data: {
        orderId: first.orderId,
        creditNoteNumber: 'CN-LUM2311202600101-1',
        invoiceNumber,
        amountCents: 2_125,
        reason: 'Tax charged in error',
        requestedAt: '2026-11-26T15:00:00.000Z',
      },
    });
    const mail = await waitForMail('Credit note CN-LUM2311202600101-1 for order LUM2311202600101 — $21.25');
    expect(mail.to).toBe('ann@example.com');
    expect(mail.text).toContain('Reason: Tax charged in error');
    const issued = (await orderEvents(first.orderId)).filter((event) => event.type === 'CreditNoteIssued');
    expect(issued).toHaveLength(1);
    const note = issued[0]!.data as CreditNoteIssuedData;
    expect(note).toMatchObject({
      creditNoteNumber: 'CN-LUM2311202600101-1',
      invoiceNumber,
      amountCents: 2_125,
      issuedAt: '2026-11-26T15:00:00.000Z',
      fileName: `${note.sha256}.pdf`,
    });
    expect(issued[0]!.metadata.actor).toMatchObject({ kind: 'system', id: 'invoicing' });
    const [pdf] = mail.attachments;
    expect(pdf).toMatchObject({ filename: 'CN-LUM2311202600101-1.pdf', contentType: 'application/pdf' });
    expect(createHash('sha256').update(pdf!.content).digest('hex')).toBe(note.sha256);
    const { text } = await pdfText(pdf!.content);
    for (const expected of [
      'CREDIT NOTE',
      'Credit note number CN-LUM2311202600101-1',
      `Invoice number ${invoiceNumber}`,
      'Tax charged in error',
      'Credited by this note $21.25',
      'Invoice balance after credits $210.00',
    ])
      expect(text).toContain(expected);
  });

  it('issues a payment receipt when the invoice is marked paid, and mails it; a later credit note states the refund due', async () => {
    await first.staff({
      type: 'InvoiceMarkedPaid',
      data: { orderId: first.orderId, reference: 'ACH 4411', paidAt: '2026-11-27T15:00:00.000Z' },
    });
    const mail = await waitForMail('Payment received for invoice INV-LUM2311202600101 — $210.00');
    expect(mail.text).toContain('Your payment receipt RCT-LUM2311202600101 is attached');
    const issued = (await orderEvents(first.orderId)).filter((event) => event.type === 'PaymentReceiptIssued');
    expect(issued).toHaveLength(1);
    const receipt = issued[0]!.data as PaymentReceiptIssuedData;
    expect(receipt).toMatchObject({
      receiptNumber: 'RCT-LUM2311202600101',
      amountCents: 21_000,
      paidAt: '2026-11-27T15:00:00.000Z',
    });
    expect(createHash('sha256').update(mail.attachments[0]!.content).digest('hex')).toBe(receipt.sha256);
    const { text } = await pdfText(mail.attachments[0]!.content);
    for (const expected of [
      'PAYMENT RECEIPT',
      'Payment reference ACH 4411',
      'Credited before payment $21.25',
      'Amount paid $210.00',
    ])
      expect(text).toContain(expected);

    await first.staff({
      type: 'CreditNoteRequested',
      data: {
        orderId: first.orderId,
        creditNoteNumber: 'CN-LUM2311202600101-2',
        invoiceNumber: 'INV-LUM2311202600101',
        amountCents: 5_000,
        reason: 'One kit damaged',
        requestedAt: '2026-11-28T15:00:00.000Z',
      },
    });
    const credit = await waitForMail('Credit note CN-LUM2311202600101-2 for order LUM2311202600101 — $50.00');
    expect(credit.text).toContain('Your invoice was paid, so we refund $50.00 to you.');
    const note = await pdfText(credit.attachments[0]!.content);
    expect(note.text).toContain('Refund due to you $50.00');
  });

  it('sends nothing twice and issues nothing twice when every event is delivered again', async () => {
    const before = await mails();
    const invoiceFiles = await readdir(invoiceDirOf(dataDir));
    await workers?.stop();
    await stores.readStore.setCheckpoint(checkpointName(orderEmailsReactor), START);
    workers = start();
    const head = await stores.eventStore.headPosition();
    const deadline = Date.now() + 10_000;
    while (
      ((await stores.readStore.getCheckpoint(checkpointName(orderEmailsReactor))) ?? START) < head &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await mails()).map((mail) => mail.subject).sort()).toEqual(before.map((mail) => mail.subject).sort());
    expect(await readdir(invoiceDirOf(dataDir))).toEqual(invoiceFiles);
    expect((await orderEvents(first.orderId)).filter((event) => event.type === 'InvoiceIssued')).toHaveLength(1);
    expect((await orderEvents(first.orderId)).filter((event) => event.type === 'CreditNoteIssued')).toHaveLength(2);
    expect((await orderEvents(first.orderId)).filter((event) => event.type === 'PaymentReceiptIssued')).toHaveLength(1);
  });
});
