import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchDatabase } from '@labshop/shared/testing/find-text';
import { readMailDir } from '@labshop/workers/testing/read-eml';
import type { OrderDeskListView } from '@labshop/shared/queries/order-desk';
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
  vatNumber: 'LA-VAT-99173',
  comment: 'Please call about zebrafish morpholinos',
};
/** A customer who stays: their data must stay readable. */
const kept = { firstName: 'Ottoline', lastName: 'Marchbanks', email: 'ottoline.marchbanks@example.com', password: 'bayou-password', company: 'Marchbanks Labs', phone: '+1 504 555 0177', address1: '3 Bayou Lane', city: 'Houma', zipCode: '70360' };
const personal = (who: typeof erased | typeof kept) => Object.entries(who).filter(([field]) => field !== 'password').map(([, value]) => value);

describe('erasing a customer (CCPA/GDPR) leaves none of their data readable, and their orders still count', () => {
  let shop: TestShop;
  const logLines: string[] = [];
  let api: ReturnType<typeof apiClient>;
  let adminToken = '';
  const orders: Record<'erased' | 'kept', { orderId: string; orderNumber: string; token: string; customerId: string }> = {} as never;

  beforeAll(async () => {
    // Logging at info level: every request line is there to be searched.
    shop = await startTestShop({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, LOG_LEVEL: 'info', SALES_EMAIL: 'sales@labshop.test' }, { logDestination: { write: (line: string) => void logLines.push(line) } });
    api = apiClient(shop.url);
    adminToken = (await api.ok<{ token: string }>('POST', '/api/admin/login', admin)).token;
    const { productId } = await api.ok<{ productId: string }>('POST', '/api/admin/catalogue/products', { name: 'Cell Culture' }, adminToken);
    const { subproductId } = await api.ok<{ subproductId: string }>('POST', `/api/admin/catalogue/products/${productId}/subproducts`, { name: 'Media' }, adminToken);
    const { detailId } = await api.ok<{ detailId: string }>(
      'POST',
      `/api/admin/catalogue/products/${productId}/subproducts/${subproductId}/details`,
      { productType: 'DMEM 500 ml', quantity: 500, priceCents: 2_400, catalogNumber: 'DMEM-500' },
      adminToken,
    );

    for (const [name, who] of [['erased', erased], ['kept', kept]] as const) {
      await api.ok('POST', '/api/auth/register', { title: 'Ms', firstName: who.firstName, lastName: who.lastName, email: who.email, password: who.password, newsletter: true, terms: true });
      const link = await activationLink(who.email);
      await api.ok('POST', '/api/auth/activate-account', { token: link.searchParams.get('token'), email: link.searchParams.get('email') });
      const login = await api.ok<{ token: string; customer: { id: string } }>('POST', '/api/auth/login', { email: who.email, password: who.password });
      await api.ok('POST', '/api/account/cart/items', { commandId: crypto.randomUUID(), detailId, subproductId, packSize: null, quantity: 3 }, login.token);
      const address = { firstName: who.firstName, lastName: who.lastName, email: who.email, company: who.company, taxExemptNumber: '', phone: who.phone, address1: who.address1, address2: '', city: who.city, state: 'LA', zipCode: who.zipCode, useForInvoice: true };
      const placed = await api.ok<{ orderId: string; orderNumber: string }>('POST', '/api/account/orders', { idempotencyKey: crypto.randomUUID(), address, expectedSubtotalCents: 3 * 2_400 }, login.token);
      const payment = { company: who.company, name: `${who.firstName} ${who.lastName}`, poNumber: `PO-${name}`, cardType: 'visa', cardNumber: '4929381652074315', month: '12', year: String(new Date().getFullYear() + 2), cvv: '123' };
      await api.ok('POST', `/api/account/orders/${placed.orderId}/purchase-order`, payment, login.token);
      orders[name] = { ...placed, token: login.token, customerId: login.customer.id };
    }
    await api.ok('PUT', '/api/account/profile', { fullName: erased.fullName, company: erased.company, vatNumber: erased.vatNumber, phone: erased.phone, address1: erased.address1, address2: '', city: erased.city, state: 'Louisiana', zipCode: erased.zipCode }, orders.erased.token);
    // They also asked about a service from its page, as a visitor.
    await api.ok('POST', '/api/inquiries', { service: 'Custom cloning', firstName: erased.firstName, lastName: erased.lastName, company: erased.company, phone: erased.phone, email: erased.email, comment: erased.comment });
    // The invoices and the mails are out (to them and to sales) before anything is erased.
    await waitFor(async () => (await readMailDir(join(shop.dataDir, 'mail'))).filter((mail) => /^Order |^We received your inquiry|^New inquiry/.test(mail.subject)).length === 4, 'the order confirmations and the inquiry mails');
  }, 60_000);

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
      const mail = (await readMailDir(join(shop.dataDir, 'mail'))).find((found) => found.to === email && found.subject === 'Activate your LabShop account');
      link = mail?.text.match(/https?:\/\/\S+\/activate-account\?\S+/)?.[0];
      return link !== undefined;
    }, `activation mail to ${email}`);
    return new URL(link!);
  }

  const deskList = async () => (await api.read<OrderDeskListView>('/api/admin/orders?pageSize=100', adminToken)).body;
  const home = async () => (await api.read<unknown>('/api/catalogue/home')).body;

  it('finds none of their personal data in any table or the logs; the orders, amounts and best sellers are unchanged', async () => {
    // Staff looking them up by email: the request line is logged, with the email redacted.
    expect((await api.read<OrderDeskListView>(`/api/admin/orders?email=${encodeURIComponent(erased.email)}`, adminToken)).body.total).toBe(1);
    const deskBefore = await deskList();
    const homeBefore = await home();
    expect(deskBefore.orders.map((row) => row.customerName).sort()).toEqual(['Ottoline Marchbanks', 'Philippa Quackenbush']);
    // The read models show them until the erasure; the event log never held them readable.
    const beforeErasure = (await searchDatabase(shop.config.DATABASE_URL, personal(erased))).found;
    expect(beforeErasure.length).toBeGreaterThan(0);
    expect(beforeErasure.filter((row) => row.startsWith('public.events:'))).toEqual([]);

    const erasure = await api.send<{ position: string }>('POST', `/api/admin/customers/${orders.erased.customerId}/erase`, {}, adminToken);
    expect(erasure.status).toBe(200);
    expect((await api.send('POST', `/api/admin/customers/${orders.erased.customerId}/erase`, {}, adminToken)).status).toBe(409);

    const deskAfter = await deskList();
    const row = deskAfter.orders.find((order) => order.orderId === orders.erased.orderId);
    expect(row).toMatchObject({ customerName: 'Erased customer', customerEmail: 'erased@invalid', company: '', state: 'LA', totalCents: deskBefore.orders.find((order) => order.orderId === orders.erased.orderId)!.totalCents });
    expect(deskAfter.total).toBe(deskBefore.total);
    const amounts = ({ orderId, orderNumber, status, totalCents, state, poNumber }: OrderDeskListView['orders'][number]) => ({ orderId, orderNumber, status, totalCents, state, poNumber });
    expect(deskAfter.orders.map(amounts)).toEqual(deskBefore.orders.map(amounts));
    expect(deskAfter.orders.find((order) => order.orderId === orders.kept.orderId)).toMatchObject({ customerName: 'Ottoline Marchbanks', customerEmail: kept.email });
    expect(await home()).toEqual(homeBefore);

    const database = await searchDatabase(shop.config.DATABASE_URL, personal(erased));
    expect(database.found).toEqual([]);
    expect(database.tables).toBeGreaterThanOrEqual(5);
    expect(database.rows).toBeGreaterThan(50);
    // The search would have found them: the order number is stored readable, and so would the staying customer's data be, read through the API.
    expect((await searchDatabase(shop.config.DATABASE_URL, [orders.erased.orderNumber])).found.length).toBeGreaterThan(0);
    const keptOrder = await api.read<{ order: { address: { address1: string } } }>(`/api/admin/orders/${orders.kept.orderId}`, adminToken);
    expect(keptOrder.body.order.address.address1).toBe(kept.address1);

    const logs = logLines.join('\n');
    expect(logs).toContain(orders.erased.orderId);
    for (const value of personal(erased)) expect(logs, value).not.toContain(value);
    // The local outbox keeps no message to or about them (read decoded, as a mail client shows it); the staying customer's mails are still there.
    const mails = await readMailDir(join(shop.dataDir, 'mail'));
    const mailText = mails.map(({ to, subject, text, html }) => [to, subject, text, html].join('\n')).join('\n');
    for (const value of personal(erased)) expect(mailText, value).not.toContain(value);
    expect(mails.some((mail) => mail.to === kept.email)).toBe(true);
    expect(mails.some((mail) => mail.text.includes(kept.lastName))).toBe(true);
  });

  it('ends their sessions and refuses their sign-in; their email may register again', async () => {
    expect((await api.send('GET', '/api/account/profile', undefined, orders.erased.token)).status).toBe(401);
    expect((await api.send('POST', '/api/auth/login', { email: erased.email, password: erased.password })).status).toBe(401);
    expect((await api.send('GET', '/api/account/profile', undefined, orders.kept.token)).status).toBe(200);
    expect((await api.send('POST', '/api/auth/register', { title: 'Ms', firstName: 'New', lastName: 'Start', email: erased.email, password: 'another-password', newsletter: false, terms: true })).status).toBe(201);
  });

  it('is for admins only: a customer gets 403, an unknown customer 404', async () => {
    expect((await api.send('POST', `/api/admin/customers/${orders.kept.customerId}/erase`, {}, orders.kept.token)).status).toBe(403);
    expect((await api.send('POST', `/api/admin/customers/${crypto.randomUUID()}/erase`, {}, adminToken)).status).toBe(404);
    expect((await api.send('POST', '/api/admin/customers/not-an-id/erase', {}, adminToken)).status).toBe(400);
  });
});
