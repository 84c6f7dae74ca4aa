import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchDatabase } from '@labshop/platform/testing/find-text';
import { readMailDir } from '@labshop/workers/testing/read-eml';
import { pdfText } from '@labshop/workers/testing/pdf-text';
import { shredExpiredDocuments, retainedUntil } from '@labshop/workers/invoices/retention';
import type { OrderDeskListView, OrderDeskOrderView } from '@labshop/contracts/orders/desk-queries';
import { certificateDirOf, createInvoiceStore, invoiceDirOf } from '@labshop/platform/invoices/invoice-store';
import { openStores } from '@labshop/platform/stores';
import type { ErasureStatement } from '@labshop/contracts/orders/erasure-statement';
import { retainedDocumentDownloadPath } from '@labshop/contracts/orders/retained-documents';
import { startTestShop, type TestShop } from './testing/test-shop.ts';
import { apiClient } from './testing/api-client.ts';

const admin = { email: 'privacy.admin@labshop.test', password: 'erasure-admin-password' };
/** Everything the erased customer told the shop, each unusual enough to be found only where it was stored. */
const erased = {
  firstName: 'Philippa',
  lastName: 'Quackenbush',
  email: 'philippa.quackenbush@example.com',
  password: 'marigny-password',
  company: 'Quackenbush Bioworks',
  phone: '+1 504 555 0142',
  address1: '17 Marigny Crescent',
  city: 'Thibodaux',
  zipCode: '70301',
  fullName: 'Philippa J. Quackenbush',
  // Her order is invoiced to a billing address of its own (issue 21).
  billingCompany: 'Quackenbush Accounts Payable',
  billingAddress1: '4 Lafourche Ledger Row',
  billingCity: 'Raceland',
  billingEmail: 'payables@quackenbush.example',
  vatNumber: 'LA-VAT-99173',
  comment: 'Please call about zebrafish morpholinos',
  poNumber: 'PO-QB-88123',
  // What staff typed about her: a hold reason and a credit-note reason naming her.
  holdReason: 'Philippa asked us to wait for her grant',
  creditReason: 'Bottle cracked in Thibodaux delivery',
  // Where her requests came from (through the trusted proxy).
  ip: '198.51.100.77',
  // Her tax exemption certificate, and what its PDF says.
  certificateNumber: 'LA-88231457',
  certificateText: 'Exemption granted to Quackenbush Bioworks',
};
/** A customer who stays: their data must stay readable. */
const kept = {
  firstName: 'Ottoline',
  lastName: 'Marchbanks',
  email: 'ottoline.marchbanks@example.com',
  password: 'bayou-password',
  company: 'Marchbanks Labs',
  phone: '+1 504 555 0177',
  address1: '3 Bayou Lane',
  city: 'Houma',
  zipCode: '70360',
};
const personal = (who: typeof erased | typeof kept) =>
  Object.entries(who)
    .filter(([field]) => field !== 'password')
    .map(([, value]) => value);
/** What the retained invoice and credit note show of her (name and billed address, as issued). */
const onRetainedDocuments = [erased.lastName, erased.billingAddress1];

describe('erasing a customer (CCPA/GDPR) leaves none of their data readable, and their orders still count', () => {
  let shop: TestShop;
  const logLines: string[] = [];
  let api: ReturnType<typeof apiClient>;
  let adminToken = '';
  const orders: Record<'erased' | 'kept', { orderId: string; orderNumber: string; token: string; customerId: string }> =
    {} as never;

  beforeAll(async () => {
    // Logging at info level: every request line is there to be searched.
    shop = await startTestShop(
      {
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        LOG_LEVEL: 'info',
        SALES_EMAIL: 'sales@labshop.test',
        TRUST_PROXY: '127.0.0.1',
      },
      { logDestination: { write: (line: string) => void logLines.push(line) } },
    );
    api = apiClient(shop.url);
    adminToken = (await api.ok<{ token: string }>('POST', '/api/admin/login', admin)).token;
    const { productId } = await api.ok<{ productId: string }>(
      'POST',
      '/api/admin/catalogue/products',
      { name: 'Cell Culture' },
      adminToken,
    );
    const { subproductId } = await api.ok<{ subproductId: string }>(
      'POST',
      `/api/admin/catalogue/products/${productId}/subproducts`,
      { name: 'Media' },
      adminToken,
    );
    const { detailId } = await api.ok<{ detailId: string }>(
      'POST',
      `/api/admin/catalogue/products/${productId}/subproducts/${subproductId}/details`,
      { productType: 'DMEM 500 ml', quantity: 500, priceCents: 2_400, catalogNumber: 'DMEM-500' },
      adminToken,
    );

    for (const [name, who] of [
      ['erased', erased],
      ['kept', kept],
    ] as const) {
      // Her requests come from her own address (the proxy is trusted); the staying customer's from the proxy's.
      const from: Record<string, string> = 'ip' in who ? { 'x-forwarded-for': who.ip } : {};
      const as = async <T>(method: string, path: string, body: unknown, token?: string): Promise<T> => {
        const answer = await api.send<T>(method, path, body, token, from);
        if (answer.status >= 300)
          throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        return answer.body;
      };
      await as('POST', '/api/auth/register', {
        title: 'Ms',
        firstName: who.firstName,
        lastName: who.lastName,
        email: who.email,
        password: who.password,
        newsletter: true,
        terms: true,
      });
      const link = await activationLink(who.email);
      await as('POST', '/api/auth/activate-account', {
        token: link.searchParams.get('token'),
        email: link.searchParams.get('email'),
      });
      const login = await as<{ token: string; customer: { id: string } }>('POST', '/api/auth/login', {
        email: who.email,
        password: who.password,
      });
      await as(
        'POST',
        '/api/account/cart/items',
        { commandId: crypto.randomUUID(), detailId, subproductId, packSize: null, quantity: 3 },
        login.token,
      );
      const billingAddress =
        'billingAddress1' in who
          ? {
              firstName: who.firstName,
              lastName: who.lastName,
              email: who.billingEmail,
              company: who.billingCompany,
              phone: who.phone,
              address1: who.billingAddress1,
              address2: '',
              city: who.billingCity,
              state: 'LA',
              zipCode: who.zipCode,
            }
          : null;
      const address = {
        firstName: who.firstName,
        lastName: who.lastName,
        email: who.email,
        company: who.company,
        taxExemptNumber: '',
        phone: who.phone,
        address1: who.address1,
        address2: '',
        city: who.city,
        state: 'LA',
        zipCode: who.zipCode,
        useForInvoice: billingAddress === null,
      };
      const placed = await as<{ orderId: string; orderNumber: string }>(
        'POST',
        '/api/account/orders',
        {
          idempotencyKey: crypto.randomUUID(),
          address,
          billingAddress,
          shippingMethod: 'ground',
          expectedSubtotalCents: 3 * 2_400,
        },
        login.token,
      );
      const poNumber = 'poNumber' in who ? who.poNumber : 'PO-kept';
      const payment = {
        company: who.company,
        name: `${who.firstName} ${who.lastName}`,
        poNumber,
        cardType: 'visa',
        cardNumber: '4929381652074315',
        month: '12',
        year: String(new Date().getFullYear() + 2),
        cvv: '123',
      };
      await as('POST', `/api/account/orders/${placed.orderId}/purchase-order`, payment, login.token);
      orders[name] = { ...placed, token: login.token, customerId: login.customer.id };
      if (name === 'erased') {
        await as(
          'PUT',
          '/api/account/profile',
          {
            fullName: erased.fullName,
            company: erased.company,
            vatNumber: erased.vatNumber,
            phone: erased.phone,
            address1: erased.address1,
            address2: '',
            city: erased.city,
            state: 'LA',
            zipCode: erased.zipCode,
          },
          login.token,
        );
        const pdf = Buffer.from(`%PDF-1.4\n% ${erased.certificateText}\n%%EOF\n`, 'latin1').toString('base64');
        await as(
          'PUT',
          '/api/account/tax-exemption',
          { state: 'LA', number: erased.certificateNumber, pdfBase64: pdf },
          login.token,
        );
        // They also asked about a service from its page, as a visitor.
        await as('POST', '/api/inquiries', {
          service: 'Custom cloning',
          firstName: erased.firstName,
          lastName: erased.lastName,
          company: erased.company,
          phone: erased.phone,
          email: erased.email,
          comment: erased.comment,
        });
      }
    }
    // The invoices and the mails are out (to them and to sales) before anything is erased.
    await waitFor(
      async () =>
        (await readMailDir(join(shop.dataDir, 'mail'))).filter((mail) =>
          /^Order |^We received your inquiry|^New inquiry/.test(mail.subject),
        ).length === 4,
      'the order confirmations and the inquiry mails',
    );
    // Staff work on her order and type her name into it: a hold, then a credit note (its PDF is a retained document too).
    const move = async (path: string, body: object) =>
      api.ok('POST', `/api/admin/orders/${orders.erased.orderId}/${path}`, body, adminToken);
    await move('confirm', {});
    await move('hold', { reason: erased.holdReason });
    await move('release', {});
    await move('credit-notes', { amountCents: 2_400, reason: erased.creditReason });
    await waitFor(
      async () =>
        (await readMailDir(join(shop.dataDir, 'mail'))).some((mail) => mail.subject.startsWith('Credit note ')),
      'the credit note mail',
    );
  }, 90_000);

  afterAll(async () => {
    await shop?.stop();
  });

  async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`no ${what} after 20 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function activationLink(email: string): Promise<URL> {
    let link: string | undefined;
    await waitFor(async () => {
      const mail = (await readMailDir(join(shop.dataDir, 'mail'))).find(
        (found) => found.to === email && found.subject === 'Activate your LabShop account',
      );
      link = mail?.text.match(/https?:\/\/\S+\/activate-account\?\S+/)?.[0];
      return link !== undefined;
    }, `activation mail to ${email}`);
    return new URL(link!);
  }

  const pdfsIn = async (): Promise<{ file: string; text: string }[]> => {
    const dir = invoiceDirOf(shop.dataDir);
    const files = (await readdir(dir)).filter((file) => file.endsWith('.pdf'));
    return Promise.all(
      files.map(async (file) => ({ file, text: (await pdfText(await readFile(join(dir, file)))).text })),
    );
  };

  /** Every key under the shop's queue prefix and its value(s), as one text: the jobs, their results and failures, the send-once ledger. */
  async function redisText(): Promise<{ keys: number; text: string }> {
    const redis = new Redis(shop.config.REDIS_URL);
    try {
      const keys = await redis.keys(`${shop.config.QUEUE_PREFIX}*`);
      const values = await Promise.all(
        keys.map(async (key) => {
          const type = await redis.type(key);
          if (type === 'string') return redis.get(key);
          if (type === 'hash') return JSON.stringify(await redis.hgetall(key));
          if (type === 'list') return (await redis.lrange(key, 0, -1)).join('\n');
          if (type === 'set') return (await redis.smembers(key)).join('\n');
          if (type === 'zset') return (await redis.zrange(key, '0', '-1')).join('\n');
          if (type === 'stream') return JSON.stringify(await redis.xrange(key, '-', '+'));
          return '';
        }),
      );
      return { keys: keys.length, text: keys.map((key, index) => `${key} ${values[index] ?? ''}`).join('\n') };
    } finally {
      redis.disconnect();
    }
  }

  const deskList = async () => (await api.read<OrderDeskListView>('/api/admin/orders?pageSize=100', adminToken)).body;
  const home = async () => (await api.read<unknown>('/api/catalogue/home')).body;

  it('finds none of their personal data in any table or the logs; the orders, amounts and best sellers are unchanged', async () => {
    // Staff looking them up by email: the request line is logged, with the email redacted.
    expect(
      (await api.read<OrderDeskListView>(`/api/admin/orders?email=${encodeURIComponent(erased.email)}`, adminToken))
        .body.total,
    ).toBe(1);
    const deskBefore = await deskList();
    const homeBefore = await home();
    expect(deskBefore.orders.map((row) => row.customerName).sort()).toEqual([
      'Ottoline Marchbanks',
      'Philippa Quackenbush',
    ]);
    // The read models show them until the erasure; the event log never held them readable.
    const beforeErasure = (await searchDatabase(shop.config.DATABASE_URL, personal(erased))).found;
    expect(beforeErasure.length).toBeGreaterThan(0);
    expect(beforeErasure.some((row) => row.includes(erased.certificateNumber))).toBe(true);
    expect(await readdir(certificateDirOf(shop.dataDir))).toHaveLength(1);
    expect(beforeErasure.filter((row) => row.startsWith('public.events:'))).toEqual([]);

    const erasure = await api.send<{ position: string }>(
      'POST',
      `/api/admin/customers/${orders.erased.customerId}/erase`,
      {},
      adminToken,
    );
    expect(erasure.status).toBe(200);
    expect(
      (await api.send('POST', `/api/admin/customers/${orders.erased.customerId}/erase`, {}, adminToken)).status,
    ).toBe(409);

    const deskAfter = await deskList();
    const row = deskAfter.orders.find((order) => order.orderId === orders.erased.orderId);
    expect(row).toMatchObject({
      customerName: 'Erased customer',
      customerEmail: 'erased@invalid',
      company: '',
      state: 'LA',
      totalCents: deskBefore.orders.find((order) => order.orderId === orders.erased.orderId)!.totalCents,
    });
    expect(deskAfter.total).toBe(deskBefore.total);
    const amounts = ({ orderId, orderNumber, status, totalCents, state }: OrderDeskListView['orders'][number]) => ({
      orderId,
      orderNumber,
      status,
      totalCents,
      state,
    });
    expect(deskAfter.orders.map(amounts)).toEqual(deskBefore.orders.map(amounts));
    // Her PO number and what staff typed about her are sealed with her key: blank now, the staying customer's PO kept.
    expect(deskBefore.orders.find((order) => order.orderId === orders.erased.orderId)?.poNumber).toBe(erased.poNumber);
    expect(row?.poNumber).toBeNull();
    expect(deskAfter.orders.find((order) => order.orderId === orders.kept.orderId)?.poNumber).toBe('PO-kept');
    const detail = (await api.read<OrderDeskOrderView>(`/api/admin/orders/${orders.erased.orderId}`, adminToken)).body;
    expect(detail.order.creditNotes).toMatchObject([{ amountCents: 2_400, reason: '' }]);
    expect(detail.timeline.map((entry) => entry.summary)).toContain('Put on hold');
    expect(deskAfter.orders.find((order) => order.orderId === orders.kept.orderId)).toMatchObject({
      customerName: 'Ottoline Marchbanks',
      customerEmail: kept.email,
    });
    expect(await home()).toEqual(homeBefore);

    const database = await searchDatabase(shop.config.DATABASE_URL, personal(erased));
    expect(database.found).toEqual([]);
    expect(database.tables).toBeGreaterThanOrEqual(5);
    expect(database.rows).toBeGreaterThan(50);
    // The search would have found them: the order number is stored readable, and so would the staying customer's data be, read through the API.
    expect((await searchDatabase(shop.config.DATABASE_URL, [orders.erased.orderNumber])).found.length).toBeGreaterThan(
      0,
    );
    const keptOrder = await api.read<{ order: { address: { address1: string } } }>(
      `/api/admin/orders/${orders.kept.orderId}`,
      adminToken,
    );
    expect(keptOrder.body.order.address.address1).toBe(kept.address1);

    const logs = logLines.join('\n');
    expect(logs).toContain(orders.erased.orderId);
    // Request lines name the client by a keyed hash only: her address is in no log line, before the erasure or after.
    expect(logs).toContain('"client":"');
    for (const value of personal(erased)) expect(logs, value).not.toContain(value);

    // The mail queue in Redis (jobs done and failed, their results, the send-once ledger) holds ids only.
    const redis = await redisText();
    expect(redis.keys).toBeGreaterThan(10);
    expect(redis.text).toContain(orders.erased.orderId);
    expect(redis.text).toContain(orders.erased.customerId);
    for (const value of personal(erased)) expect(redis.text, value).not.toContain(value);
    // The local outbox keeps no message to or about them (read decoded, as a mail client shows it); the staying customer's mails are still there.
    const mails = await readMailDir(join(shop.dataDir, 'mail'));
    const mailText = mails.map(({ to, subject, text, html }) => [to, subject, text, html].join('\n')).join('\n');
    for (const value of personal(erased)) expect(mailText, value).not.toContain(value);
    expect(mails.some((mail) => mail.to === kept.email)).toBe(true);
    expect(mails.some((mail) => mail.text.includes(kept.lastName))).toBe(true);

    // Her certificate's PDF is gone with her (its number was sealed with her key: the search above did not find it).
    expect(await readdir(certificateDirOf(shop.dataDir))).toEqual([]);

    // The one place her name stays: her invoice and credit note as issued, the retained legal records.
    const holding = (await pdfsIn()).filter(({ text }) => onRetainedDocuments.every((value) => text.includes(value)));
    expect(holding).toHaveLength(2);
    const documents = [
      ...detail.order.invoices.map((invoice) => invoice.sha256),
      ...detail.order.creditNotes.map((note) => note.sha256),
    ];
    expect(holding.map(({ file }) => file.replace('.pdf', '')).sort()).toEqual(documents.sort());
  });

  it('keeps her invoice and credit note for staff only, records each staff download, and refuses her old links', async () => {
    const invoicePath = (order: { orderId: string; orderNumber: string }, scope: 'admin' | 'account') =>
      `/api/${scope}/orders/${order.orderId}/invoices/INV-${order.orderNumber}.pdf`;
    const fetchPdf = (path: string, token: string) =>
      fetch(`${shop.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    // Her old session's link: refused (her sessions ended with the erasure).
    expect((await fetchPdf(invoicePath(orders.erased, 'account'), orders.erased.token)).status).toBe(401);
    // The staying customer still downloads hers, and staff theirs without a record.
    expect((await fetchPdf(invoicePath(orders.kept, 'account'), orders.kept.token)).status).toBe(200);
    expect((await fetchPdf(invoicePath(orders.kept, 'admin'), adminToken)).status).toBe(200);

    // Her documents are not sent by the query API, which writes nothing: its staff route names the recorded download.
    const unrecorded = await fetchPdf(invoicePath(orders.erased, 'admin'), adminToken);
    expect(unrecorded.status).toBe(409);
    expect(((await unrecorded.json()) as { message: string }).message).toContain(
      retainedDocumentDownloadPath(orders.erased.orderId, `INV-${orders.erased.orderNumber}`),
    );
    // Staff download them through the command API, which records each download before sending it.
    const retainedDownload = (documentNumber: string, token = adminToken) =>
      fetch(`${shop.url}${retainedDocumentDownloadPath(orders.erased.orderId, documentNumber)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
    const download = await retainedDownload(`INV-${orders.erased.orderNumber}`);
    expect(download.status).toBe(200);
    expect((await pdfText(Buffer.from(await download.arrayBuffer()))).text).toContain(erased.lastName);
    const creditNote = await retainedDownload(`CN-${orders.erased.orderNumber}-1`);
    expect(creditNote.status).toBe(200);
    // Never for a customer, and a staying customer's documents are no retained records (nothing recorded for them).
    expect((await retainedDownload(`INV-${orders.erased.orderNumber}`, orders.kept.token)).status).toBe(403);
    const keptRetained = await fetch(
      `${shop.url}${retainedDocumentDownloadPath(orders.kept.orderId, `INV-${orders.kept.orderNumber}`)}`,
      { method: 'POST', headers: { authorization: `Bearer ${adminToken}` } },
    );
    expect(keptRetained.status).toBe(409);

    type Audit = {
      entries: {
        action: string;
        actor: { email: string };
        entityId: string;
        changes: { field: string; after: unknown }[];
      }[];
    };
    const audit = async (orderId: string) =>
      (await api.read<Audit>(`/api/admin/audit?entityId=${orderId}&action=retained-document-downloaded`, adminToken))
        .body.entries;
    // A download answers no position to read with: wait for the audit log to show both.
    let recorded: Audit['entries'] = [];
    await waitFor(
      async () => (recorded = await audit(orders.erased.orderId)).length >= 2,
      'both downloads in the audit log',
    );
    expect(recorded).toHaveLength(2);
    expect(recorded.every((entry) => entry.actor.email === admin.email)).toBe(true);
    expect(
      recorded
        .flatMap((entry) =>
          // An order's documents are its rows in the audit log (v4): the download is the document's `downloadedAt`.
          entry.changes
            .filter((change) => change.field.endsWith('.downloadedAt'))
            .map((change) => change.field.slice(0, -'.downloadedAt'.length)),
        )
        .sort(),
    ).toEqual([`CN-${orders.erased.orderNumber}-1`, `INV-${orders.erased.orderNumber}`].sort());
    expect(await audit(orders.kept.orderId)).toEqual([]);
  });

  it('shreds her documents when the retention period ends, and only hers; the statement says exactly what this test checks', async () => {
    const statement = (await api.read<ErasureStatement>('/api/privacy/erasure')).body;
    // Each claim the erase dialog and the privacy policy make is checked above (by id), no more and no fewer.
    const checked = {
      erased: ['identity', 'typed-text', 'tax-certificates', 'submissions', 'mail', 'logs', 'sign-in'],
      retained: ['orders', 'legal-documents'],
    };
    expect({
      erased: statement.erased.map((claim) => claim.id),
      retained: statement.retained.map((claim) => claim.id),
    }).toEqual(checked);
    expect(statement.retentionYears).toBe(7);
    expect(statement.retained.find((claim) => claim.id === 'legal-documents')?.text).toContain(
      'kept for 7 years from their issue date',
    );

    const detail = (await api.read<OrderDeskOrderView>(`/api/admin/orders/${orders.erased.orderId}`, adminToken)).body;
    const issuedAt = detail.order.invoices[0]!.issuedAt;
    const stores = await openStores(shop.config);
    try {
      const deps = {
        eventStore: stores.eventStore,
        invoices: createInvoiceStore(invoiceDirOf(shop.dataDir)),
        retentionYears: statement.retentionYears,
        logger: { info: () => {}, warn: () => {} } as never,
      };
      const until = retainedUntil(issuedAt, statement.retentionYears);
      expect(until.getUTCFullYear()).toBe(new Date(issuedAt).getUTCFullYear() + 7);
      expect(await shredExpiredDocuments(deps, new Date(until.getTime() - 60_000))).toEqual([]);
      expect((await pdfsIn()).filter(({ text }) => text.includes(erased.lastName))).toHaveLength(2);

      const later = new Date(until.getTime() + 24 * 3_600_000);
      expect(await shredExpiredDocuments(deps, later)).toEqual([
        {
          orderId: orders.erased.orderId,
          documentNumbers: [`INV-${orders.erased.orderNumber}`, `CN-${orders.erased.orderNumber}-1`],
        },
      ]);
      // A second sweep finds nothing new to record.
      expect(await shredExpiredDocuments(deps, later)).toEqual([]);
    } finally {
      await stores.close();
    }
    const pdfs = await pdfsIn();
    expect(pdfs.filter(({ text }) => text.includes(erased.lastName))).toEqual([]);
    expect(pdfs.some(({ text }) => text.includes(kept.lastName))).toBe(true);
    const gone = await fetch(
      `${shop.url}${retainedDocumentDownloadPath(orders.erased.orderId, `INV-${orders.erased.orderNumber}`)}`,
      { method: 'POST', headers: { authorization: `Bearer ${adminToken}` } },
    );
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { message: string }).message).toBe(
      `INV-${orders.erased.orderNumber} was shredded at the end of its retention period`,
    );
    // Nothing of hers is left anywhere now.
    expect((await searchDatabase(shop.config.DATABASE_URL, personal(erased))).found).toEqual([]);
  });

  it('ends their sessions and refuses their sign-in; their email may register again', async () => {
    expect((await api.send('GET', '/api/account/profile', undefined, orders.erased.token)).status).toBe(401);
    expect((await api.send('POST', '/api/auth/login', { email: erased.email, password: erased.password })).status).toBe(
      401,
    );
    expect((await api.send('GET', '/api/account/profile', undefined, orders.kept.token)).status).toBe(200);
    expect(
      (
        await api.send('POST', '/api/auth/register', {
          title: 'Ms',
          firstName: 'New',
          lastName: 'Start',
          email: erased.email,
          password: 'another-password',
          newsletter: false,
          terms: true,
        })
      ).status,
    ).toBe(201);
  });

  it('is for admins only: a customer gets 403, an unknown customer 404', async () => {
    expect(
      (await api.send('POST', `/api/admin/customers/${orders.kept.customerId}/erase`, {}, orders.kept.token)).status,
    ).toBe(403);
    expect((await api.send('POST', `/api/admin/customers/${crypto.randomUUID()}/erase`, {}, adminToken)).status).toBe(
      404,
    );
    expect((await api.send('POST', '/api/admin/customers/not-an-id/erase', {}, adminToken)).status).toBe(400);
  });
});
