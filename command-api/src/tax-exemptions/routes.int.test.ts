import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { openStores } from '@labshop/platform/stores';
import { customerCartStream } from '@labshop/contracts/carts/events';
import { taxExemptionStream } from '@labshop/contracts/tax/exemptions-events';
import { taxExemptionMessages } from '@labshop/contracts/tax/exemptions-commands';
import type { RecordedEvent } from '@labshop/platform/event-store/port';
import { buildCommandApp } from '../app.ts';
import { adminAuthorization, TEST_ADMIN } from '../testing/admin-session.ts';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import { cartDecider } from '../carts/decider.ts';
import { currentOffer } from '../catalogue/prices.ts';
import { taxExemptionDecisionMessages } from './decider.ts';
import { currentTaxExemption } from './live-exemptions.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let app: Awaited<ReturnType<typeof buildCommandApp>>;
let admin: { authorization: string };
let certificateDir = '';
let buffer: { subproductId: string; detailId: string; packSize: null };

const address = {
  firstName: 'Tia',
  lastName: 'Exempt',
  email: 'tia@example.com',
  company: 'Tia Labs',
  phone: '555-0101',
  address1: '1 Bench St',
  city: 'Austin',
  state: 'TX',
  zipCode: '73301',
};

beforeAll(async () => {
  stores = await createTestStores();
  certificateDir = await mkdtemp(join(tmpdir(), 'labshop-certificates-'));
  app = await buildCommandApp({ eventStore: stores.eventStore, tokens, certificateDir, logger: false });
  admin = await adminAuthorization(stores.eventStore, tokens);
  const send = async (url: string, payload: object) =>
    (await app.inject({ method: 'POST', url, payload, headers: admin })).json() as Record<string, string>;
  const productId = (await send('/api/admin/catalogue/products', { name: 'Buffers' })).productId!;
  const subproductId = (await send(`/api/admin/catalogue/products/${productId}/subproducts`, { name: 'PBS' }))
    .subproductId!;
  const detailId = (
    await send(`/api/admin/catalogue/products/${productId}/subproducts/${subproductId}/details`, {
      productType: 'PBS 1 l',
      quantity: 10,
      priceCents: 10_000,
      catalogNumber: 'PBS-1',
    })
  ).detailId!;
  buffer = { subproductId, detailId, packSize: null };
});
afterAll(async () => {
  await app?.close();
  await stores?.drop();
  await rm(certificateDir, { recursive: true, force: true });
});

async function newCustomer() {
  const customerId = randomUUID();
  const token = await tokens.sign({ role: 'customer', sub: customerId, email: 'tia@example.com' }, '1h');
  return { customerId, headers: { authorization: `Bearer ${token}` } };
}

const request = (method: 'PUT' | 'POST', url: string, payload: unknown, headers: Record<string, string>) =>
  app.inject({ method, url, payload: payload as object, headers });
const fileCertificate = (headers: Record<string, string>, body: object) =>
  request('PUT', '/api/account/tax-exemption', body, headers);
const decide = (
  customerId: string,
  verdict: 'verify' | 'reject',
  body: object,
  headers: Record<string, string> = admin,
) => request('POST', `/api/admin/tax-exemptions/${customerId}/${verdict}`, body, headers);

const withCart = new Set<string>();
const placedFor = new Set<string>();

/**
 * Places the customer's cart ($100.00, put there on the first call; a placed order leaves it until paid) as an order shipped to
 * `state`: the first placement makes the checkout's order (201), each later one revises that same open checkout (200, issue 21).
 */
async function orderTo(customerId: string, headers: Record<string, string>, state: string) {
  if (!withCart.has(customerId)) {
    const offer = await currentOffer(stores.eventStore, buffer);
    const metadata = {
      actor: { kind: 'customer' as const, id: customerId, email: 'tia@example.com' },
      correlationId: randomUUID(),
      causationId: randomUUID(),
      occurredAt: new Date().toISOString(),
    };
    await handleCommand(
      stores.eventStore,
      customerCartStream(customerId),
      cartDecider,
      { type: 'AddItems', commandId: randomUUID(), now: new Date(), items: [{ offer, quantity: 1 }] },
      metadata,
    );
    withCart.add(customerId);
  }
  const placed = await request(
    'POST',
    '/api/account/orders',
    {
      idempotencyKey: randomUUID(),
      address: { ...address, state },
      shippingMethod: 'ground',
      expectedSubtotalCents: 10_000,
    },
    headers,
  );
  expect(placed.statusCode, placed.body).toBe(placedFor.has(customerId) ? 200 : 201);
  placedFor.add(customerId);
  return placed.json() as { taxExemptNumber: string | null; taxCents: number; totalCents: number };
}

async function exemptionEvents(customerId: string): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const event of stores.eventStore.readStream(taxExemptionStream(customerId))) events.push(event);
  return events;
}

const pdf = (body: string) => Buffer.from(`%PDF-1.4\n${body}\n%%EOF\n`, 'latin1').toString('base64');

describe('tax exemption as a record: filed by the customer, verified by staff, claimed by orders only once verified', () => {
  it('refuses implausible certificate numbers and files that are not a clean PDF, writing nothing', async () => {
    const { customerId, headers } = await newCustomer();
    for (const number of ['x', 'N/A', '0', '0000', '\u200b1234', '12', 'AB CD 123', 'A'.repeat(18) + '123']) {
      const response = await fileCertificate(headers, { state: 'TX', number });
      expect([response.statusCode, response.json().fields]).toEqual([400, { number: taxExemptionMessages.number }]);
    }
    expect((await fileCertificate(headers, { state: 'XX', number: 'TX-123456' })).json().fields).toEqual({
      state: taxExemptionMessages.state,
    });
    const notPdf = await fileCertificate(headers, {
      state: 'TX',
      number: 'TX-123456',
      pdfBase64: Buffer.from('<html>certificate</html>').toString('base64'),
    });
    expect([notPdf.statusCode, notPdf.json().fields]).toEqual([400, { pdfBase64: taxExemptionMessages.notPdf }]);
    const scripted = await fileCertificate(headers, {
      state: 'TX',
      number: 'TX-123456',
      pdfBase64: pdf('1 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj'),
    });
    expect([scripted.statusCode, scripted.json().fields]).toEqual([400, { pdfBase64: taxExemptionMessages.scripted }]);
    expect(await exemptionEvents(customerId)).toEqual([]);
  });

  it('charges tax while the certificate is under review, none once staff verified it (for its state only), and again after a new filing', async () => {
    const { customerId, headers } = await newCustomer();
    const filed = await fileCertificate(headers, {
      state: 'TX',
      number: 'tx-1234567',
      pdfBase64: pdf('1 0 obj << /Type /Catalog >> endobj'),
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const { certificateId, status } = filed.json() as { certificateId: string; status: string };
    expect(status).toBe('under-review');
    const [event] = await exemptionEvents(customerId);
    expect(event).toMatchObject({
      type: 'TaxExemptionFiled',
      data: { customerId, certificateId, state: 'TX', number: 'TX-1234567', document: { size: expect.any(Number) } },
    });
    // The PDF is stored by its content, outside anything served publicly.
    const stored = await readFile(
      join(certificateDir, `${(event!.data as { document: { sha256: string } }).document.sha256}.pdf`),
      'latin1',
    );
    expect(stored.startsWith('%PDF-1.4')).toBe(true);

    // Under review: Texas tax (6.25% of $100.00 plus local, the table's rate) is charged.
    const underReview = await orderTo(customerId, headers, 'TX');
    expect(underReview.taxExemptNumber).toBeNull();
    expect(underReview.taxCents).toBeGreaterThan(0);

    // Only staff decide, on the certificate they looked at, once.
    expect((await decide(customerId, 'verify', { certificateId }, headers)).statusCode).toBe(403);
    expect((await decide(randomUUID(), 'verify', { certificateId })).statusCode).toBe(404);
    const stale = await decide(customerId, 'verify', { certificateId: randomUUID() });
    expect([stale.statusCode, stale.json().message]).toEqual([409, taxExemptionDecisionMessages.replaced]);
    const verified = await decide(customerId, 'verify', { certificateId });
    expect([verified.statusCode, verified.json().status]).toEqual([200, 'verified']);
    expect((await decide(customerId, 'reject', { certificateId, reason: 'Too late' })).json().message).toBe(
      taxExemptionDecisionMessages.decided('verified'),
    );
    const verifiedEvent = (await exemptionEvents(customerId)).at(-1)!;
    expect(verifiedEvent).toMatchObject({
      type: 'TaxExemptionVerified',
      data: { customerId, certificateId },
      metadata: { actor: { kind: 'admin', email: TEST_ADMIN.email } },
    });

    const exempt = await orderTo(customerId, headers, 'TX');
    expect(exempt).toMatchObject({ taxExemptNumber: 'TX-1234567', taxCents: 0, totalCents: 10_000 + 1_495 });
    const elsewhere = await orderTo(customerId, headers, 'LA');
    expect(elsewhere.taxExemptNumber).toBeNull();
    expect(elsewhere.taxCents).toBe(1_163); // 10.12% of $100.00 and Ground's $14.95

    // A new certificate replaces the verified one and is reviewed again; rejected, it stays taxed.
    const refiled = (await fileCertificate(headers, { state: 'TX', number: 'TX-7654321' })).json() as {
      certificateId: string;
    };
    expect((await orderTo(customerId, headers, 'TX')).taxCents).toBeGreaterThan(0);
    const rejected = await decide(customerId, 'reject', {
      certificateId: refiled.certificateId,
      reason: 'The certificate has expired',
    });
    expect([rejected.statusCode, rejected.json().status]).toEqual([200, 'rejected']);
    expect((await decide(customerId, 'reject', { certificateId: refiled.certificateId, reason: '' })).statusCode).toBe(
      400,
    );
    expect((await orderTo(customerId, headers, 'TX')).taxCents).toBeGreaterThan(0);
    expect((await exemptionEvents(customerId)).map((recorded) => recorded.type)).toEqual([
      'TaxExemptionFiled',
      'TaxExemptionVerified',
      'TaxExemptionFiled',
      'TaxExemptionRejected',
    ]);
  });

  it('a certificate filed and verified through another instance holds here within the subscription’s lag', async () => {
    const other = await openStores({ DATABASE_URL: stores.databaseUrl });
    const otherApp = await buildCommandApp({ eventStore: other.eventStore, tokens, certificateDir, logger: false });
    try {
      const { customerId, headers } = await newCustomer();
      // This instance's fold is warm (an order placed here) before the other instance writes.
      expect((await orderTo(customerId, headers, 'TX')).taxCents).toBeGreaterThan(0);
      const send = (method: 'PUT' | 'POST', url: string, payload: object, as: Record<string, string>) =>
        otherApp.inject({ method, url, payload, headers: as });
      const filed = await send('PUT', '/api/account/tax-exemption', { state: 'TX', number: 'TX-2468024' }, headers);
      const { certificateId } = filed.json() as { certificateId: string };
      const verified = await send('POST', `/api/admin/tax-exemptions/${customerId}/verify`, { certificateId }, admin);
      expect(verified.statusCode, verified.body).toBe(200);

      await vi.waitFor(async () =>
        expect(await currentTaxExemption(stores.eventStore, customerId)).toMatchObject({ status: 'verified' }),
      );
      expect(await orderTo(customerId, headers, 'TX')).toMatchObject({ taxExemptNumber: 'TX-2468024', taxCents: 0 });
    } finally {
      await otherApp.close();
      await other.close();
    }
  });

  it('is the customer’s own: staff cannot file one, nobody without a session can', async () => {
    expect((await fileCertificate(admin, { state: 'TX', number: 'TX-1234567' })).statusCode).toBe(403);
    expect((await fileCertificate({}, { state: 'TX', number: 'TX-1234567' })).statusCode).toBe(401);
  });
});
