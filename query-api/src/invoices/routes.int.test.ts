import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import type { Actor } from '@labshop/platform/event-store/port';
import { INVOICING_ACTOR, type InvoiceIssuedData } from '@labshop/contracts/orders/invoices-events';
import { orderStream, type OrderPlacedData } from '@labshop/contracts/orders/events';
import { createInvoiceStore } from '@labshop/platform/invoices/invoice-store';
import { createLogger } from '@labshop/platform/logger';
import { givenEvents } from '@labshop/platform/testing/given-events';
import { sessionOf } from '@labshop/platform/testing/sessions';
import { createTestStores } from '@labshop/platform/testing/stores';
import { projections } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { buildQueryApp } from '../app.ts';
import { POSITION_HEADER } from '../read-your-writes.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let queries: Awaited<ReturnType<typeof buildQueryApp>>;
let projectors: { stop(): Promise<void> };
let invoiceDir = '';

beforeAll(async () => {
  stores = await createTestStores();
  invoiceDir = await mkdtemp(join(tmpdir(), 'labshop-invoices-'));
  queries = await buildQueryApp({ ...stores, tokens, projections, invoiceDir });
  projectors = startProjectors({ ...stores, projections, logger: createLogger('silent') });
});
afterAll(async () => {
  await projectors?.stop();
  await queries?.close();
  await stores?.drop();
  await rm(invoiceDir, { recursive: true, force: true });
});

/** An order with its purchase order and an issued invoice, stored as the workers store it. */
async function invoicedOrder() {
  const orderId = randomUUID();
  const customer: Actor = { kind: 'customer', id: randomUUID(), email: 'ann@example.com' };
  const orderNumber = `LUM23112026${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
  const placed: OrderPlacedData = {
    orderId,
    orderNumber,
    customerId: customer.id,
    lines: [],
    address: {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      company: '',
      phone: '555-0101',
      address1: '1 Bench St',
      address2: '',
      city: 'New Orleans',
      state: 'LA',
      zipCode: '70112',
      useForInvoice: true,
    },
    taxExemptNumber: null,
    taxState: 'LA',
    taxRateBasisPoints: 1012,
    subtotalCents: 0,
    taxCents: 0,
    totalCents: 0,
    idempotencyKey: randomUUID(),
    placedAt: new Date().toISOString(),
  };
  const submittedAt = new Date().toISOString();
  await givenEvents(
    stores.eventStore,
    orderStream(orderId),
    [
      { type: 'OrderPlaced', data: placed },
      {
        type: 'PurchaseOrderSubmitted',
        data: {
          orderId,
          customerId: customer.id,
          company: '',
          name: 'Ann Lee',
          poNumber: 'PO-1',
          cardType: 'visa',
          cardLast4: '4242',
          submittedAt,
        },
      },
    ],
    customer,
  );
  const bytes = Buffer.from(`%PDF-1.3\n% invoice of ${orderNumber}\n%%EOF\n`);
  const stored = await createInvoiceStore(invoiceDir).put(bytes);
  const issued: InvoiceIssuedData = { orderId, invoiceNumber: `INV-${orderNumber}`, ...stored, issuedAt: submittedAt };
  const position = await givenEvents(
    stores.eventStore,
    orderStream(orderId),
    [{ type: 'InvoiceIssued', data: issued }],
    { ...INVOICING_ACTOR },
  );
  return { orderId, customer, issued, position };
}

const get = (url: string, headers: Record<string, string> = {}) => queries.inject({ method: 'GET', url, headers });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('invoice downloads', () => {
  it('gives the owner the bytes as issued, as a PDF named by its number, and My Orders lists the invoice', async () => {
    const { orderId, customer, issued, position } = await invoicedOrder();
    const session = { ...(await sessionOf(tokens, customer)), [POSITION_HEADER]: position };
    for (const suffix of ['', '.pdf']) {
      const response = await get(`/api/account/orders/${orderId}/invoices/${issued.invoiceNumber}${suffix}`, session);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${issued.invoiceNumber}.pdf"`);
      expect(response.headers['cache-control']).toContain('private');
      expect(sha256(response.rawPayload)).toBe(issued.sha256);
      expect(response.rawPayload.length).toBe(issued.size);
    }
    const order = await get(`/api/account/orders/${orderId}`, session);
    expect(order.json().invoices).toEqual([
      { invoiceNumber: issued.invoiceNumber, issuedAt: issued.issuedAt, sha256: issued.sha256, size: issued.size },
    ]);
  });

  it("answers 404 for another customer's invoice, an unknown number, an unknown order; 401 without a session; 403 to staff", async () => {
    const { orderId, issued, position } = await invoicedOrder();
    const url = `/api/account/orders/${orderId}/invoices/${issued.invoiceNumber}`;
    const stranger = {
      ...(await sessionOf(tokens, { kind: 'customer', id: randomUUID(), email: 'eve@example.com' })),
      [POSITION_HEADER]: position,
    };
    const response = await get(url, stranger);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Invoice not found');
    expect((await get(`/api/account/orders/${orderId}/invoices/INV-LUM0000`, stranger)).statusCode).toBe(404);
    expect(
      (await get(`/api/account/orders/${randomUUID()}/invoices/${issued.invoiceNumber}`, stranger)).statusCode,
    ).toBe(404);
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, await sessionOf(tokens))).statusCode).toBe(403);
    expect((await get(`/api/account/orders/${orderId}/invoices/..%2Fsecret`, stranger)).statusCode).toBe(400);
  });

  it("gives staff any order's invoice; customers and anonymous callers are refused", async () => {
    const { orderId, customer, issued, position } = await invoicedOrder();
    const url = `/api/admin/orders/${orderId}/invoices/${issued.invoiceNumber}.pdf`;
    const response = await get(url, { ...(await sessionOf(tokens)), [POSITION_HEADER]: position });
    expect(response.statusCode).toBe(200);
    expect(sha256(response.rawPayload)).toBe(issued.sha256);
    expect((await get(url, await sessionOf(tokens, customer))).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
  });

  it('serves an issued credit note like an invoice: to its customer and staff only, and not before its PDF is issued', async () => {
    const { orderId, customer, issued } = await invoicedOrder();
    const creditNoteNumber = `CN-${issued.invoiceNumber.slice(4)}-1`;
    const note = {
      orderId,
      creditNoteNumber,
      invoiceNumber: issued.invoiceNumber,
      amountCents: 500,
      reason: 'Damaged box',
      requestedAt: new Date().toISOString(),
    };
    const requested = await givenEvents(stores.eventStore, orderStream(orderId), [
      { type: 'CreditNoteRequested', data: note },
    ]);
    const url = `/api/account/orders/${orderId}/credit-notes/${creditNoteNumber}.pdf`;
    const owner = await sessionOf(tokens, customer);
    const pending = await get(url, { ...owner, [POSITION_HEADER]: requested });
    expect(pending.statusCode).toBe(404);
    expect(pending.json().message).toBe('Credit note not found');

    const stored = await createInvoiceStore(invoiceDir).put(
      Buffer.from(`%PDF-1.3\n% credit note ${creditNoteNumber}\n%%EOF\n`),
    );
    const position = await givenEvents(
      stores.eventStore,
      orderStream(orderId),
      [{ type: 'CreditNoteIssued', data: { ...note, ...stored, issuedAt: note.requestedAt } }],
      { ...INVOICING_ACTOR },
    );
    const response = await get(url, { ...owner, [POSITION_HEADER]: position });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${creditNoteNumber}.pdf"`);
    expect(sha256(response.rawPayload)).toBe(stored.sha256);
    const staff = await get(`/api/admin/orders/${orderId}/credit-notes/${creditNoteNumber}`, await sessionOf(tokens));
    expect(sha256(staff.rawPayload)).toBe(stored.sha256);

    // Another customer cannot download it; a customer cannot use the staff route; nobody without a session.
    const stranger = await sessionOf(tokens, { kind: 'customer', id: randomUUID(), email: 'eve@example.com' });
    expect((await get(url, stranger)).statusCode).toBe(404);
    expect((await get(`/api/admin/orders/${orderId}/credit-notes/${creditNoteNumber}`, owner)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(`/api/account/orders/${orderId}/credit-notes/CN-..%2Fsecret-1`, owner)).statusCode).toBe(400);
  });

  it('sends nothing when the stored file no longer hashes to what was issued', async () => {
    const { orderId, customer, issued, position } = await invoicedOrder();
    await writeFile(join(invoiceDir, issued.fileName), 'tampered');
    const response = await get(`/api/account/orders/${orderId}/invoices/${issued.invoiceNumber}`, {
      ...(await sessionOf(tokens, customer)),
      [POSITION_HEADER]: position,
    });
    expect(response.statusCode).toBe(500);
    expect(response.rawPayload.toString()).not.toContain('tampered');
  });
});
