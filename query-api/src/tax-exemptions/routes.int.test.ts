import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import type { Actor } from '@labshop/platform/event-store/port';
import { customerStream } from '@labshop/contracts/customers/events';
import { taxExemptionStream, type TaxExemptionEvent } from '@labshop/contracts/tax/exemptions-events';
import { createInvoiceStore } from '@labshop/platform/invoices/invoice-store';
import { createLogger } from '@labshop/platform/logger';
import { createMongoReadStore, type ReadStore } from '@labshop/platform/read-store/index';
import { createTestStores } from '@labshop/platform/testing/stores';
import { givenEvents, TEST_ADMIN } from '@labshop/platform/testing/given-events';
import { sessionOf } from '@labshop/platform/testing/sessions';
import { projections } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { buildQueryApp } from '../app.ts';
import { POSITION_HEADER } from '../read-your-writes.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
const mongoUrl = process.env.TEST_MONGODB_URL;
if (!mongoUrl)
  console.warn(
    'Skipping the MongoDB run of the tax-exemption read model: set TEST_MONGODB_URL (a replica set) to run it against MongoDB.',
  );

/** The same checks on each read store: the projection and the queries go through the port only. */
const readStores: { name: string; open: (postgresReadStore: ReadStore) => Promise<ReadStore>; skip: boolean }[] = [
  { name: 'PostgreSQL', open: async (readStore) => readStore, skip: false },
  {
    name: 'MongoDB',
    open: async () =>
      createMongoReadStore({ url: mongoUrl!, database: `labshop_tax_${crypto.randomUUID().slice(0, 8)}` }),
    skip: !mongoUrl,
  },
];

for (const { name, open, skip } of readStores) {
  describe.skipIf(skip)(`tax exemption read model and queries (${name} read store)`, () => {
    let stores: Awaited<ReturnType<typeof createTestStores>>;
    let readStore: ReadStore;
    let queries: Awaited<ReturnType<typeof buildQueryApp>>;
    let projectors: { stop(): Promise<void> };
    let certificateDir = '';

    beforeAll(async () => {
      stores = await createTestStores();
      readStore = await open(stores.readStore);
      certificateDir = await mkdtemp(join(tmpdir(), 'labshop-certificates-'));
      queries = await buildQueryApp({ eventStore: stores.eventStore, readStore, tokens, projections, certificateDir });
      projectors = startProjectors({
        eventStore: stores.eventStore,
        readStore,
        projections,
        logger: createLogger('silent'),
      });
    });
    afterAll(async () => {
      await projectors?.stop();
      await queries?.close();
      if (readStore !== stores?.readStore) await readStore?.close();
      await stores?.drop();
      await rm(certificateDir, { recursive: true, force: true });
    });

    const customer = (email: string): Actor => ({ kind: 'customer', id: crypto.randomUUID(), email });
    const get = async (url: string, actor: Actor | undefined, position: string) =>
      queries.inject({
        method: 'GET',
        url,
        headers: { ...(await sessionOf(tokens, actor)), [POSITION_HEADER]: position },
      });

    it("shows the customer their certificate's review, and staff the list by status with who decided; an erased customer's is gone", async () => {
      const ann = customer('Ann@Example.com');
      const bob = customer('bob@example.com');
      const pdf = await createInvoiceStore(certificateDir).put(Buffer.from('%PDF-1.4\n%%EOF\n'));
      const filed = (who: Actor, certificateId: string, number: string): TaxExemptionEvent => ({
        type: 'TaxExemptionFiled',
        data: {
          customerId: who.id,
          certificateId,
          state: 'TX',
          number,
          document: who === ann ? { sha256: pdf.sha256, size: pdf.size } : null,
          filedAt: new Date().toISOString(),
        },
      });
      const annCertificate = crypto.randomUUID();
      await givenEvents(stores.eventStore, taxExemptionStream(ann.id), [filed(ann, annCertificate, 'TX-1234567')], ann);
      let position = await givenEvents(
        stores.eventStore,
        taxExemptionStream(bob.id),
        [filed(bob, crypto.randomUUID(), 'TX-7654321')],
        bob,
      );

      const underReview = await get('/api/account/tax-exemption', ann, position);
      expect(underReview.statusCode).toBe(200);
      expect(underReview.json()).toEqual({
        exemption: {
          certificateId: annCertificate,
          state: 'TX',
          number: 'TX-1234567',
          hasDocument: true,
          status: 'under-review',
          filedAt: expect.any(String),
          decidedAt: null,
          reason: '',
        },
      });
      expect((await get('/api/account/tax-exemption', customer('new@example.com'), position)).json()).toEqual({
        exemption: null,
      });

      position = await givenEvents<TaxExemptionEvent>(stores.eventStore, taxExemptionStream(ann.id), [
        {
          type: 'TaxExemptionVerified',
          data: { customerId: ann.id, certificateId: annCertificate, verifiedAt: new Date().toISOString() },
        },
      ]);
      expect((await get('/api/account/tax-exemption', ann, position)).json().exemption).toMatchObject({
        status: 'verified',
        decidedAt: expect.any(String),
      });
      const waiting = (await get('/api/admin/tax-exemptions?status=under-review', TEST_ADMIN, position)).json();
      expect(waiting.exemptions.map((row: { customerEmail: string }) => row.customerEmail)).toEqual([
        'bob@example.com',
      ]);
      const all = (await get('/api/admin/tax-exemptions', TEST_ADMIN, position)).json();
      expect(all.exemptions).toEqual([
        expect.objectContaining({
          customerId: ann.id,
          customerEmail: 'ann@example.com',
          status: 'verified',
          decidedBy: TEST_ADMIN.email,
        }),
        expect.objectContaining({ customerId: bob.id, status: 'under-review', decidedBy: '' }),
      ]);
      const certificate = await get(`/api/admin/tax-exemptions/${ann.id}/certificate.pdf`, TEST_ADMIN, position);
      expect([
        certificate.statusCode,
        certificate.headers['content-type'],
        certificate.body.startsWith('%PDF-1.4'),
      ]).toEqual([200, 'application/pdf', true]);
      expect((await get(`/api/admin/tax-exemptions/${bob.id}/certificate.pdf`, TEST_ADMIN, position)).statusCode).toBe(
        404,
      );
      expect((await get('/api/admin/tax-exemptions', ann, position)).statusCode).toBe(403);
      expect((await get('/api/account/tax-exemption', TEST_ADMIN, position)).statusCode).toBe(403);

      position = await givenEvents(stores.eventStore, customerStream(ann.id), [
        { type: 'CustomerErased', data: { customerId: ann.id, erasedAt: new Date().toISOString() } },
      ]);
      expect(
        (await get('/api/admin/tax-exemptions', TEST_ADMIN, position))
          .json()
          .exemptions.map((row: { customerId: string }) => row.customerId),
      ).toEqual([bob.id]);
    });
  });
}
