import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { givenEvents } from '@labshop/platform/testing/given-events';
import { sessionOf } from '@labshop/platform/testing/sessions';
import { testOrderPlacedData } from '@labshop/contracts/testing/orders';
import type { Actor, RecordedEvent } from '@labshop/platform/event-store/port';
import { orderStream, type OrderEvent } from '@labshop/contracts/orders/events';
import { buildCommandApp } from '../app.ts';
import { adminAuthorization } from '../testing/admin-session.ts';
import { quoteMessages } from '@labshop/contracts/orders/quotes';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let app: Awaited<ReturnType<typeof buildCommandApp>>;
let admin: { authorization: string };
let ann: { authorization: string };
let bob: { authorization: string };

const annActor: Actor = { kind: 'customer', id: randomUUID(), email: 'ann@example.com' };
const bobActor: Actor = { kind: 'customer', id: randomUUID(), email: 'bob@example.com' };

beforeAll(async () => {
  stores = await createTestStores();
  app = await buildCommandApp({ eventStore: stores.eventStore, tokens });
  admin = await adminAuthorization(stores.eventStore, tokens);
  ann = await sessionOf(tokens, annActor);
  bob = await sessionOf(tokens, bobActor);
});
afterAll(async () => {
  await app?.close();
  await stores?.drop();
});

/** Ann's order of two packs at $45.00 (Louisiana, 10.12%) turned into a quote request, plus any later events. */
async function quoteRequest(later: (orderId: string) => OrderEvent[] = () => []): Promise<string> {
  const orderId = randomUUID();
  const events: OrderEvent[] = [
    { type: 'OrderPlaced', data: testOrderPlacedData(orderId, annActor.id, new Date().toISOString()) },
    {
      type: 'QuoteRequested',
      data: {
        orderId,
        customerId: annActor.id,
        company: 'Lee Labs',
        name: 'Ann Lee',
        poNumber: 'PO-Q1',
        requestedAt: new Date().toISOString(),
      },
    },
    ...later(orderId),
  ];
  await givenEvents(stores.eventStore, orderStream(orderId), events, annActor);
  return orderId;
}

async function streamOf(orderId: string): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const event of stores.eventStore.readStream(orderStream(orderId))) events.push(event);
  return events;
}

const post = (url: string, payload: object, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url, payload, headers });
const sendQuote = (orderId: string, payload: object, headers = admin) =>
  post(`/api/admin/orders/${orderId}/quote`, payload, headers);
const accept = (orderId: string, payload: object, headers = ann) =>
  post(`/api/account/orders/${orderId}/accept-quote`, payload, headers);
const creditNote = (orderId: string, payload: object, headers = admin) =>
  post(`/api/admin/orders/${orderId}/credit-notes`, payload, headers);
const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

describe('staff quotes and credit notes', () => {
  it('sends and revises a quote as the admin; the customer accepts the latest one and it is an order at the quoted prices', async () => {
    const orderId = await quoteRequest();
    const sent = await sendQuote(orderId, { unitPricesCents: [4_000], expiresOn: nextWeek(), expectedVersion: 2 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      status: 'Quoted',
      version: 3,
      quote: { revision: 1, subtotalCents: 8_000, taxCents: 810, totalCents: 8_810 },
    });

    const revised = await sendQuote(orderId, { unitPricesCents: [3_900], expiresOn: nextWeek() });
    expect(revised.json()).toMatchObject({ version: 4, quote: { revision: 2, subtotalCents: 7_800 } });
    // Ann opened the first quote: accepting it after the revision is refused.
    const stale = await accept(orderId, { expectedVersion: 3 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(quoteMessages.revised);

    const accepted = await accept(orderId, { expectedVersion: 4, poNumber: 'PO-2026-ACC' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'Quote accepted',
      subtotalCents: 7_800,
      taxCents: 789,
      totalCents: 8_589,
      lines: [{ unitPriceCents: 3_900, lineTotalCents: 7_800 }],
      payment: { poNumber: 'PO-2026-ACC' },
    });

    const events = await streamOf(orderId);
    expect(events.map((event) => event.type)).toEqual([
      'OrderPlaced',
      'QuoteRequested',
      'QuoteSent',
      'QuoteSent',
      'QuoteAccepted',
    ]);
    expect(events[2]!.metadata.actor).toMatchObject({ kind: 'admin' });
    expect(events[4]!.metadata.actor).toMatchObject({ kind: 'customer', id: annActor.id });
    expect((await post(`/api/admin/orders/${orderId}/confirm`, {}, admin)).json()).toMatchObject({
      status: 'Confirmed',
    });
  });

  it('declines a quote with an optional reason; a declined quote can be neither accepted nor declined again', async () => {
    const orderId = await quoteRequest();
    expect(
      (await sendQuote(orderId, { unitPricesCents: [4_000], expiresOn: nextWeek(), expectedVersion: 2 })).statusCode,
    ).toBe(200);
    const tooLong = await post(
      `/api/account/orders/${orderId}/decline-quote`,
      { expectedVersion: 3, reason: 'x'.repeat(501) },
      ann,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json().fields)).toEqual(['reason']);
    const declined = await post(
      `/api/account/orders/${orderId}/decline-quote`,
      { expectedVersion: 3, reason: 'Found it cheaper' },
      ann,
    );
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({
      status: 'Quote declined',
      quote: { declined: { reason: 'Found it cheaper' } },
    });
    expect((await accept(orderId, { expectedVersion: 4 })).json().message).toBe(
      'This quote cannot be accepted: it is quote declined.',
    );
    expect((await post(`/api/account/orders/${orderId}/decline-quote`, { expectedVersion: 4 }, ann)).statusCode).toBe(
      409,
    );
    expect((await streamOf(orderId)).map((event) => event.type)).toEqual([
      'OrderPlaced',
      'QuoteRequested',
      'QuoteSent',
      'QuoteDeclined',
    ]);
  });

  it("answers another customer's quote as not found, an expired quote with 409, and writes nothing", async () => {
    const orderId = await quoteRequest((id) => [
      {
        type: 'QuoteSent',
        data: {
          orderId: id,
          lines: [],
          subtotalCents: 0,
          taxCents: 0,
          totalCents: 0,
          expiresAt: new Date(Date.now() - 60_000).toISOString(),
          sentAt: new Date(Date.now() - 86_400_000).toISOString(),
        },
      },
    ]);
    const other = await accept(orderId, { expectedVersion: 3 }, bob);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Quote not found');
    const expired = await accept(orderId, { expectedVersion: 3 });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toMatch(
      /^This quote expired on \d{4}-\d{2}-\d{2}\. Please ask us for a new quote\.$/,
    );
    expect((await accept(orderId, {})).json().fields).toEqual({
      expectedVersion: 'Expected version must be a whole number',
    });
    expect((await accept(orderId, { expectedVersion: 3 }, admin)).statusCode).toBe(403);
    expect(await streamOf(orderId)).toHaveLength(3);
  });

  it('refuses bad quotes with 400 field messages and a purchase order with 409, writing nothing', async () => {
    const orderId = await quoteRequest();
    const bad = await sendQuote(orderId, { unitPricesCents: [-1, 2.5], expiresOn: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      'unitPricesCents.0': 'Unit price cannot be negative',
      'unitPricesCents.1': 'Unit price must be a whole number of cents',
      expiresOn: 'Valid until must be a date (YYYY-MM-DD)',
    });
    const wrongCount = await sendQuote(orderId, { unitPricesCents: [1, 2], expiresOn: nextWeek() });
    expect(wrongCount.statusCode).toBe(400);
    expect(wrongCount.json().fields).toEqual({ unitPricesCents: quoteMessages.linesCount(1) });
    expect((await sendQuote(orderId, { unitPricesCents: [1], expiresOn: '2020-01-01' })).json().fields).toEqual({
      expiresOn: quoteMessages.expiryPast,
    });
    expect(await streamOf(orderId)).toHaveLength(2);
  });

  it('lets only admins send quotes and issue credit notes: 401 without a session, 403 with a customer one', async () => {
    const orderId = await quoteRequest();
    for (const url of [`/api/admin/orders/${orderId}/quote`, `/api/admin/orders/${orderId}/credit-notes`]) {
      expect((await post(url, {}, {})).statusCode, url).toBe(401);
      expect(
        (await post(url, { unitPricesCents: [1], expiresOn: nextWeek(), amountCents: 1, reason: 'x' }, ann)).statusCode,
        url,
      ).toBe(403);
    }
    expect(await streamOf(orderId)).toHaveLength(2);
  });

  it('issues credit notes against an invoice up to its total, numbered in turn, with 400 and 409 messages', async () => {
    const orderId = randomUUID();
    const placed = testOrderPlacedData(orderId, annActor.id, new Date().toISOString());
    await givenEvents(
      stores.eventStore,
      orderStream(orderId),
      [
        { type: 'OrderPlaced', data: placed },
        {
          type: 'PurchaseOrderSubmitted',
          data: {
            orderId,
            customerId: annActor.id,
            company: '',
            name: 'Ann',
            poNumber: 'PO-1',
            cardType: 'visa',
            cardLast4: '1111',
            submittedAt: new Date().toISOString(),
          },
        },
      ] satisfies OrderEvent[],
      annActor,
    );
    const notInvoiced = await creditNote(orderId, { amountCents: 100, reason: 'Damaged' });
    expect(notInvoiced.statusCode).toBe(409);
    expect(notInvoiced.json().message).toBe(
      'Cannot issue a credit note: this order has no invoice yet. A credit note corrects an issued invoice.',
    );
    const invoiceNumber = `INV-${placed.orderNumber}`;
    await givenEvents(stores.eventStore, orderStream(orderId), [
      {
        type: 'InvoiceIssued',
        data: {
          orderId,
          invoiceNumber,
          fileName: `${'b'.repeat(64)}.pdf`,
          sha256: 'b'.repeat(64),
          size: 10,
          issuedAt: new Date().toISOString(),
        },
      },
    ]);

    const bad = await creditNote(orderId, { amountCents: 0, reason: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ amountCents: 'Amount must be more than $0.00', reason: 'Reason is required' });
    const tooMuch = await creditNote(orderId, { amountCents: 9_912, reason: 'Damaged' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('Amount must be at most $99.11, what is left to credit on the invoice');

    const issued = await creditNote(orderId, { amountCents: 911, reason: 'Tax charged in error' });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().creditNotes).toEqual([
      {
        creditNoteNumber: `CN-${placed.orderNumber}-1`,
        invoiceNumber,
        amountCents: 911,
        reason: 'Tax charged in error',
        requestedAt: expect.any(String),
        issuedAt: null,
        sha256: null,
        size: null,
      },
    ]);
    expect(
      (await creditNote(orderId, { amountCents: 9_000, reason: 'Returned' })).json().creditNotes[1].creditNoteNumber,
    ).toBe(`CN-${placed.orderNumber}-2`);
    expect((await creditNote(orderId, { amountCents: 1, reason: 'More' })).statusCode).toBe(409);
    const events = await streamOf(orderId);
    expect(events.map((event) => event.type)).toEqual([
      'OrderPlaced',
      'PurchaseOrderSubmitted',
      'InvoiceIssued',
      'CreditNoteRequested',
      'CreditNoteRequested',
    ]);
    expect(events.at(-1)!.metadata.actor.kind).toBe('admin');
  });
});
