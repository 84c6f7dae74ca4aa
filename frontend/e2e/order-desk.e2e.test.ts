import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '@labshop/command-api/admins/admin-accounts';
import type { FinanceLedger } from '@labshop/contracts/finance/queries';
import { openStores } from '@labshop/platform/stores';
import { pdfText } from '@labshop/workers/testing/pdf-text';
import { readMailDir } from '@labshop/workers/testing/read-eml';
import { startTestShop, type TestShop } from '../server/testing/test-shop.ts';
import { apiClient } from '../server/testing/api-client.ts';
import { openTab, type BrowserTab } from './browser.ts';

const admin = { email: 'desk.admin@labshop.test', password: 'e2e-admin-password' };
/** A second admin, working on the same order from another desk at the same time. */
const colleague = { email: 'desk.colleague@labshop.test', password: 'e2e-colleague-password' };
const shopper = {
  firstName: 'Amos',
  lastName: 'Thibodeaux',
  email: 'amos.thibodeaux@example.com',
  password: 'levee-password',
};
const shipment = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
const salesEmail = 'sales@labshop.test';
const screenshotDir = process.env.E2E_SCREENSHOT_DIR ?? tmpdir();

describe('order desk: an admin finds an order by number, moves it to shipped and the customer sees it; quotes and credit notes', () => {
  let shop: TestShop;
  let tab: BrowserTab;
  let page: Page;
  let pageErrors: string[] = [];
  let api: ReturnType<typeof apiClient>;
  let adminToken = '';
  let colleagueToken = '';
  const order = { orderId: '', orderNumber: '' };
  /** A second order the customer turned into a quote request, and a third they will decline. */
  const quote = { orderId: '', orderNumber: '' };
  const declinedQuote = { orderId: '', orderNumber: '' };

  beforeAll(async () => {
    shop = await startTestShop({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, SALES_EMAIL: salesEmail });
    api = apiClient(shop.url);
    const stores = await openStores(shop.config);
    try {
      const metadata = {
        actor: { kind: 'system' as const, id: 'e2e', email: colleague.email },
        correlationId: crypto.randomUUID(),
        causationId: 'e2e',
        occurredAt: new Date().toISOString(),
      };
      await ensureAdmin(stores.eventStore, colleague, metadata);
    } finally {
      await stores.close();
    }
    adminToken = (await api.ok<{ token: string }>('POST', '/api/admin/login', admin)).token;
    colleagueToken = (await api.ok<{ token: string }>('POST', '/api/admin/login', colleague)).token;

    // Something to sell.
    const { productId } = await api.ok<{ productId: string }>(
      'POST',
      '/api/admin/catalogue/products',
      { name: 'Lab Consumables' },
      adminToken,
    );
    const { subproductId } = await api.ok<{ subproductId: string }>(
      'POST',
      `/api/admin/catalogue/products/${productId}/subproducts`,
      { name: 'Pipette Tips' },
      adminToken,
    );
    const { detailId } = await api.ok<{ detailId: string }>(
      'POST',
      `/api/admin/catalogue/products/${productId}/subproducts/${subproductId}/details`,
      { productType: 'Filter Tips 200 µl', quantity: 500, priceCents: 1_250, catalogNumber: 'TIP-200F' },
      adminToken,
    );

    // A customer registers, activates from the email, and pays an order by purchase order.
    await api.ok('POST', '/api/auth/register', { title: 'Mr', ...shopper, newsletter: false, terms: true });
    const link = await activationLink();
    await api.ok('POST', '/api/auth/activate-account', {
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
    });
    const customerToken = (
      await api.ok<{ token: string }>('POST', '/api/auth/login', { email: shopper.email, password: shopper.password })
    ).token;
    await api.ok(
      'POST',
      '/api/account/cart/items',
      { commandId: crypto.randomUUID(), detailId, subproductId, packSize: null, quantity: 4 },
      customerToken,
    );
    const address = {
      firstName: shopper.firstName,
      lastName: shopper.lastName,
      email: shopper.email,
      company: 'Levee Labs',
      taxExemptNumber: '',
      phone: '+1 504 555 0199',
      address1: '9 Levee Road',
      address2: '',
      city: 'Baton Rouge',
      state: 'LA',
      zipCode: '70801',
      useForInvoice: true,
    };
    const placed = await api.ok<{ orderId: string; orderNumber: string }>(
      'POST',
      '/api/account/orders',
      { idempotencyKey: crypto.randomUUID(), address, shippingMethod: 'ground', expectedSubtotalCents: 4 * 1_250 },
      customerToken,
    );
    Object.assign(order, { orderId: placed.orderId, orderNumber: placed.orderNumber });
    await api.ok(
      'POST',
      `/api/account/orders/${order.orderId}/purchase-order`,
      {
        company: 'Levee Labs',
        name: 'Amos Thibodeaux',
        poNumber: 'PO-LL-7',
        cardType: 'visa',
        cardNumber: '4929381652074315',
        month: '12',
        year: String(new Date().getFullYear() + 2),
        cvv: '123',
      },
      customerToken,
    );
    // And asks for a quote on a second one.
    await api.ok(
      'POST',
      '/api/account/cart/items',
      { commandId: crypto.randomUUID(), detailId, subproductId, packSize: null, quantity: 4 },
      customerToken,
    );
    const requested = await api.ok<{ orderId: string; orderNumber: string }>(
      'POST',
      '/api/account/orders',
      { idempotencyKey: crypto.randomUUID(), address, shippingMethod: 'ground', expectedSubtotalCents: 4 * 1_250 },
      customerToken,
    );
    Object.assign(quote, { orderId: requested.orderId, orderNumber: requested.orderNumber });
    await api.ok(
      'POST',
      `/api/account/orders/${quote.orderId}/quote`,
      { company: 'Levee Labs', name: 'Amos Thibodeaux', poNumber: 'PO-LL-Q1' },
      customerToken,
    );
    await api.ok(
      'POST',
      '/api/account/cart/items',
      { commandId: crypto.randomUUID(), detailId, subproductId, packSize: null, quantity: 2 },
      customerToken,
    );
    const third = await api.ok<{ orderId: string; orderNumber: string }>(
      'POST',
      '/api/account/orders',
      { idempotencyKey: crypto.randomUUID(), address, shippingMethod: 'ground', expectedSubtotalCents: 2 * 1_250 },
      customerToken,
    );
    Object.assign(declinedQuote, { orderId: third.orderId, orderNumber: third.orderNumber });
    await api.ok(
      'POST',
      `/api/account/orders/${declinedQuote.orderId}/quote`,
      { company: 'Levee Labs', name: 'Amos Thibodeaux', poNumber: '' },
      customerToken,
    );

    tab = await openTab(shop.url);
    ({ page, pageErrors } = tab);
    page.setDefaultTimeout(10_000);
    await page.addInitScript((position) => {
      if (sessionStorage.getItem('labshop.position') === null) sessionStorage.setItem('labshop.position', position);
    }, api.newestPosition());
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail')
      await page?.screenshot({
        path: join(screenshotDir, `labshop-order-desk-failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}.png`),
        fullPage: true,
      });
  });

  afterAll(async () => {
    await tab?.close();
    await shop?.stop();
  });

  async function activationLink(): Promise<URL> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const mail = (await readMailDir(join(shop.dataDir, 'mail'))).find(
        (found) => found.subject === 'Activate your LabShop account',
      );
      const link = mail?.text.match(/https?:\/\/\S+\/activate-account\?\S+/)?.[0];
      if (link !== undefined) return new URL(link);
      if (Date.now() > deadline) throw new Error('no activation mail after 20 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const main = () => page.getByRole('main');
  // A move shows once its projection has caught up; on a loaded machine that can take longer than expect.poll's 1 s.
  const shows = (locator: Locator, text: string) =>
    expect.poll(() => locator.innerText(), { timeout: 10_000 }).toBe(text);
  const status = () => main().getByTestId('order-status');
  const actions = () => main().getByRole('region', { name: 'Next steps' });
  const history = () => main().getByRole('list', { name: /Everything that happened to this order/ });

  async function signInAsAdmin() {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/admin');
  }

  async function signInAsCustomer() {
    await page.goto('/signin');
    await page.locator('#signin-email').fill(shopper.email);
    await page.locator('#signin-password').fill(shopper.password);
    await main().getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/signin');
  }

  it('finds the order by its number from the back-office navigation', async () => {
    await signInAsAdmin();
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Orders and quotes' })
      .click();
    await page.waitForURL('**/admin/orders');
    await main().getByRole('link', { name: order.orderNumber }).waitFor();

    // A part of the number, as a customer reads it out on the phone, and Enter to apply.
    await main().getByRole('searchbox', { name: 'Search orders' }).fill(order.orderNumber.slice(-6));
    await main().getByRole('searchbox', { name: 'Search orders' }).press('Enter');
    await page.waitForURL(`**/admin/orders?search=${order.orderNumber.slice(-6)}`);
    await shows(main().getByRole('status').filter({ hasText: 'result' }), '1 result');
    const row = main()
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: order.orderNumber }) });
    // The row's checkbox, then when it was placed.
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([
      '',
      expect.any(String),
      'Order',
      shopper.email,
      'LA',
      '$71.52',
      'PO received',
    ]);

    // The customer's company, in any case, finds their order and their two quotes.
    await main().getByRole('searchbox', { name: 'Search orders' }).fill('levee LABS');
    await main().getByRole('searchbox', { name: 'Search orders' }).press('Enter');
    await shows(main().getByRole('status').filter({ hasText: 'result' }), '3 results');

    // A number no order has: the empty state, and a way back.
    await main().getByRole('searchbox', { name: 'Search orders' }).fill('LUM0000000000000');
    await main().getByRole('button', { name: 'Apply filters' }).click();
    await main().getByText('No orders or quotes match these filters.').waitFor();
    await page.goBack();
    await main().getByRole('link', { name: order.orderNumber }).click();
    await page.waitForURL(`**/admin/orders/${order.orderId}`);
    await main()
      .getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })
      .waitFor();
    await shows(status(), 'PO received');
    await main().getByRole('region', { name: 'Purchase order' }).getByText('Visa ending 4315').waitFor();
    expect(await main().getByText('4929381652074315').count()).toBe(0);
  });

  it('confirms it and starts processing; the page shows each new state at once', async () => {
    await actions().getByRole('button', { name: 'Confirm order' }).click();
    await shows(status(), 'Confirmed');
    await actions().getByRole('button', { name: 'Start processing' }).click();
    await shows(status(), 'Processing');
    expect(await actions().getByRole('button').allInnerTexts()).toEqual([
      'Put on hold',
      'Ship',
      'Cancel order',
      'Mark invoice paid',
    ]);
  });

  it("refuses a move made on an out-of-date page, and an illegal move, with the server's messages, writing nothing", async () => {
    // Another admin puts the order on hold while this page still shows it in processing.
    const held = await api.send<{ version: number }>(
      'POST',
      `/api/admin/orders/${order.orderId}/hold`,
      { reason: 'Customer asked to wait for the second box' },
      colleagueToken,
    );
    expect(held.status).toBe(200);
    await actions().getByRole('button', { name: 'Ship' }).click();
    await page.getByLabel('Carrier').fill(shipment.carrier);
    await page.getByLabel('Tracking number').fill(shipment.trackingNumber);
    await actions().getByRole('button', { name: 'Mark shipped' }).click();
    await actions()
      .getByRole('alert')
      .filter({ hasText: 'Someone else changed this order after you opened it.' })
      .waitFor();
    // The page reads the order again and shows it as it is: on hold, not shipped, with the moves that allows.
    await shows(status(), 'On hold');
    expect(await main().getByRole('heading', { name: 'Shipment' }).count()).toBe(0);
    expect(await actions().getByRole('button').allInnerTexts()).toEqual([
      'Release hold',
      'Cancel order',
      'Mark invoice paid',
    ]);
    const entriesBefore = await history().getByRole('listitem').count();

    // Shipping an order on hold is not a move the state machine has: refused with the rule, and nothing is written.
    const illegal = await api.send<{ message: string }>(
      'POST',
      `/api/admin/orders/${order.orderId}/ship`,
      { ...shipment, expectedVersion: held.body.version },
      colleagueToken,
    );
    expect(illegal).toEqual({
      status: 409,
      body: expect.objectContaining({
        message: 'Cannot ship: this order is On hold. Only an order in processing can be shipped.',
      }),
    });
    await page.reload();
    await shows(status(), 'On hold');
    expect(await history().getByRole('listitem').count()).toBe(entriesBefore);
  });

  it('releases the hold and ships with carrier and tracking number, checking the form first', async () => {
    await actions().getByRole('button', { name: 'Release hold' }).click();
    await shows(status(), 'Processing');
    await actions().getByRole('button', { name: 'Ship' }).click();
    expect(await page.getByLabel('Carrier').evaluate((input) => input === document.activeElement)).toBe(true);
    await actions().getByRole('button', { name: 'Mark shipped' }).click();
    await actions().getByText('Carrier is required').waitFor();
    await page.getByLabel('Carrier').fill(shipment.carrier);
    await page.getByLabel('Tracking number').fill(shipment.trackingNumber);
    await page.getByLabel('Tracking number').press('Enter');
    await shows(status(), 'Shipped');
    const shipped = main().getByRole('region', { name: 'Shipment' });
    await shipped.getByText(shipment.trackingNumber).waitFor();
    await shipped.getByText(shipment.carrier).waitFor();
    expect(await actions().getByRole('button').allInnerTexts()).toEqual(['Mark delivered', 'Mark invoice paid']);
  });

  it('names who did each step in the timeline: the customer, each admin, newest first', async () => {
    const entries = history().getByRole('listitem');
    await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(7);
    const texts = await entries.allInnerTexts();
    const step = (summary: RegExp) => texts.find((text) => summary.test(text)) ?? `no entry ${summary}`;
    expect(step(/shipped/i)).toContain(`by ${admin.email}`);
    expect(step(/shipped/i)).toContain(shipment.trackingNumber);
    expect(step(/released/i)).toContain(`by ${admin.email}`);
    expect(step(/on hold/i)).toContain(`by ${colleague.email}`);
    expect(step(/on hold/i)).toContain('Customer asked to wait for the second box');
    expect(step(/processing/i)).toContain(`by ${admin.email}`);
    expect(step(/confirmed/i)).toContain(`by ${admin.email}`);
    expect(step(/placed/i)).toContain(`the customer (${shopper.email})`);
    expect(texts[0]).toMatch(/shipped/i);
  });

  it('downloads the invoice the workers issued, byte for byte as recorded', async () => {
    const invoices = main().getByRole('region', { name: 'Invoices' });
    const button = invoices.getByRole('button', { name: /^Download PDF, invoice INV-/ });
    await button.waitFor();
    const detail = await api.ok<{ order: { invoices: { invoiceNumber: string; sha256: string }[] } }>(
      'GET',
      `/api/admin/orders/${order.orderId}`,
      undefined,
      adminToken,
    );
    const [issued] = detail.order.invoices;
    expect(issued?.invoiceNumber).toBe(`INV-${order.orderNumber}`);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`INV-${order.orderNumber}.pdf`);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(issued?.sha256);
  });

  it('shows the order in the finance ledger as of now, not as of a moment before it was placed, and downloads it as CSV', async () => {
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Finance ledger' }).click();
    await page.waitForURL('**/admin/finance');
    await main()
      .getByText(/^Live ledger, as of/)
      .waitFor();
    // The order's status now, as the order desk has it (this step does not depend on the moves above succeeding).
    const { order: now } = await api.ok<{ order: { status: string; placedAt: string } }>(
      'GET',
      `/api/admin/orders/${order.orderId}`,
      undefined,
      adminToken,
    );
    const row = (table: string, text: string) =>
      main().getByRole('region', { name: table, exact: true }).getByRole('row').filter({ hasText: text });
    expect(await row('Orders', order.orderNumber).getByRole('cell').allInnerTexts()).toEqual([
      expect.any(String),
      now.status,
      'LA',
      '$50.00',
      '$14.95',
      '$6.57',
      '$71.52',
    ]);
    expect(await row('Invoices', `INV-${order.orderNumber}`).getByRole('cell').allInnerTexts()).toEqual([
      order.orderNumber,
      expect.any(String),
      expect.any(String),
      '$71.52',
      '$0.00',
      '$0.00',
      '$71.52',
      '$0.00',
      'Open',
      '',
    ]);
    const figure = (term: string) =>
      main().locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`);
    await shows(figure('Booked orders'), '1');
    await shows(figure('Sales tax'), '$6.57');
    await shows(figure('Shipping'), '$14.95');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main().getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ledger-.*\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toContain(`${order.orderNumber},`);
    expect(csv).toContain('Booked orders: total,1,71.52');

    // A second before the order was placed, picked in the admin's own time: no order yet.
    const pickerValue = (iso: string) =>
      page.evaluate((at) => {
        const moment = new Date(at);
        const pad = (value: number) => String(value).padStart(2, '0');
        return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}T${pad(moment.getHours())}:${pad(moment.getMinutes())}:${pad(moment.getSeconds())}`;
      }, iso);
    await page
      .getByLabel('As of (your local time)')
      .fill(await pickerValue(new Date(Date.parse(now.placedAt) - 1_000).toISOString()));
    await main().getByRole('button', { name: 'Show ledger' }).click();
    await page.waitForURL('**/admin/finance?asOf=*');
    await main().getByText('No orders yet.').waitFor();
    await shows(figure('Booked orders'), '0');

    // A moment still to come is refused beside the field, in the server's words.
    await page
      .getByLabel('As of (your local time)')
      .fill(await pickerValue(new Date(Date.now() + 86_400_000).toISOString()));
    await main().getByRole('button', { name: 'Show ledger' }).click();
    await main().getByRole('alert').filter({ hasText: 'is in the future' }).waitFor();
    await main().getByRole('button', { name: 'Now (live)' }).click();
    await page.waitForURL('**/admin/finance');
    await main()
      .getByText(/^Live ledger, as of/)
      .waitFor();
  });

  it('works at 390 px: the list and the order fit a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/admin/orders', `/admin/orders/${order.orderId}`, '/admin/finance']) {
      await page.goto(path);
      await main().getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      await page.screenshot({
        path: join(
          screenshotDir,
          `labshop-390-${path === '/admin/finance' ? 'finance' : `order-desk${path === '/admin/orders' ? '' : '-order'}`}.png`,
        ),
        fullPage: true,
      });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("shows the customer 'Shipped' and the tracking number in My Orders", async () => {
    await signInAsCustomer();
    await page.goto('/my-order');
    const card = main().getByRole('article', { name: order.orderNumber });
    const fact = (term: string) => card.locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`);
    await shows(fact('Status'), 'Shipped');
    await shows(fact('Tracking'), `${shipment.carrier} ${shipment.trackingNumber}`);
    expect(pageErrors).toEqual([]);
  });

  /** Reloads until `locator` is there: what the workers append reaches the page on its next read. */
  async function reloadUntil(locator: Locator) {
    const deadline = Date.now() + 20_000;
    while (!(await locator.isVisible())) {
      if (Date.now() > deadline) throw new Error(`still not shown after 20 s: ${locator.toString()}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await page.reload();
      await main().getByRole('heading', { level: 1 }).first().waitFor();
    }
  }

  async function mailTitled(subject: string) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const mail = (await readMailDir(join(shop.dataDir, 'mail'))).find((found) => found.subject === subject);
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail "${subject}" after 20 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('sends a quote from the order desk at a price of its own, valid until a day it chooses', async () => {
    await signInAsAdmin();
    await page.goto(`/admin/orders/${quote.orderId}`);
    await main()
      .getByRole('heading', { level: 1, name: `Quote ${quote.orderNumber}` })
      .waitFor();
    await shows(status(), 'Quote requested');
    const form = main().getByRole('form', { name: 'Send quote' });
    const price = form.getByLabel(/^Unit price \(USD\), TIP-200F/);
    expect(await price.inputValue()).toBe('12.50');
    await price.fill('11');
    await form.getByLabel('Valid until').fill('2099-12-31');
    await form.getByRole('button', { name: 'Send quote' }).click();
    await shows(status(), 'Quoted');
    await main()
      .getByRole('region', { name: 'Quote' })
      .getByText(/total \$64\.92, valid until/)
      .waitFor();
    const sent = await mailTitled(`Your quote ${quote.orderNumber} — $64.92, valid until December 31, 2099`);
    expect(sent.text).toContain('× 4 at $11.00  $44.00');
  });

  it('lets the customer accept it in My Quotes; it becomes an order at the quoted prices and is invoiced', async () => {
    await signInAsCustomer();
    await page.goto('/my-order?tab=quotes');
    const card = main().getByRole('article', { name: quote.orderNumber });
    await shows(card.getByTestId('quote-total'), '$64.92');
    await card.getByText('Valid until 31 December, 2099 (end of day, Eastern time).').waitFor();
    // An unanswered quote is nothing to repeat or buy again.
    expect(await card.getByRole('button', { name: 'Repeat order' }).count()).toBe(0);
    expect(await card.getByRole('button', { name: /^Buy it again/ }).count()).toBe(0);
    await card.getByRole('button', { name: 'Accept quote…' }).click();
    const confirm = card.getByRole('form', { name: 'Confirm acceptance' });
    await confirm.getByText('Accept this quote for $64.92?', { exact: false }).waitFor();
    expect(await confirm.getByLabel('PO Number').inputValue()).toBe('PO-LL-Q1');
    await confirm.getByLabel('PO Number').fill('PO-LL-ACCEPT-9');
    await confirm.getByRole('button', { name: 'Confirm and place order' }).click();
    await page.getByText(`Quote accepted: order ${quote.orderNumber} is placed at the quoted prices.`).waitFor();
    // It stays in My Quotes, answered; and it is an order now, listed with the orders at the quoted total, and invoiced.
    await card
      .getByText(/^You accepted this quote on .* with PO PO-LL-ACCEPT-9: it is an order at the quoted prices\.$/)
      .waitFor();
    await page.goto('/my-order');
    const accepted = main().getByRole('article', { name: quote.orderNumber });
    const fact = (term: string) =>
      accepted.locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`);
    await shows(fact('Status'), 'Quote accepted');
    await shows(fact('Total'), '$64.92');
    await reloadUntil(accepted.getByRole('button', { name: 'Download invoice' }));
    const confirmation = await mailTitled(`Order ${quote.orderNumber} received — invoice INV-${quote.orderNumber}`);
    expect(confirmation.attachments.map((attachment) => attachment.filename)).toEqual([`INV-${quote.orderNumber}.pdf`]);
    const invoice = (await pdfText(confirmation.attachments[0]!.content)).text;
    for (const expected of ['PO number PO-LL-ACCEPT-9', 'Total $64.92', 'and PO PO-LL-ACCEPT-9, or call'])
      expect(invoice).toContain(expected);
    const toSales = await mailTitled(`Quote ${quote.orderNumber} accepted — $64.92 (PO PO-LL-ACCEPT-9)`);
    expect(toSales.to).toBe(salesEmail);
  });

  it('lets the customer decline another quote with a reason; it stays in My Quotes as declined and sales are told', async () => {
    await api.ok(
      'POST',
      `/api/admin/orders/${declinedQuote.orderId}/quote`,
      { unitPricesCents: [1_000], expiresOn: '2099-12-31', expectedVersion: 2 },
      adminToken,
    );
    await page.goto('/my-order?tab=quotes');
    const card = main().getByRole('article', { name: declinedQuote.orderNumber });
    await reloadUntil(card.getByTestId('quote-total'));
    // One total: the quoted one, in the header and the quote, and the lines at the quoted price.
    const fact = (term: string) => card.locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`);
    await shows(fact('Total'), '$38.49');
    await shows(card.getByTestId('quote-total'), '$38.49');
    await card.getByText('Quantity: 2 , Price: $10.00').waitFor();
    await card.getByRole('button', { name: 'Decline quote…' }).click();
    const form = card.getByRole('form', { name: 'Decline the quote' });
    await form.getByLabel('Reason (optional)').fill('Budget moved to next year');
    await form.getByRole('button', { name: 'Decline quote' }).click();
    await card.getByText(/^You declined this quote on .*\. Your reason: Budget moved to next year$/).waitFor();
    await shows(fact('Status'), 'Quote declined');
    // The accepted quote is still listed too, as answered.
    await main().getByRole('article', { name: quote.orderNumber }).waitFor();
    const toSales = await mailTitled(`Quote ${declinedQuote.orderNumber} declined`);
    expect(toSales.text).toContain('Reason: Budget moved to next year.');
    expect(pageErrors).toEqual([]);
  });

  it('marks the shipped order’s invoice paid (its receipt is issued and mailed), then issues a credit note against it, refusing more than is left', async () => {
    await signInAsAdmin();
    await page.goto(`/admin/orders/${order.orderId}`);
    await actions().getByRole('button', { name: 'Mark invoice paid' }).click();
    await actions().getByLabel('Payment reference (optional)').fill('WIRE-5506');
    await actions()
      .getByRole('form', { name: 'Mark invoice paid' })
      .getByRole('button', { name: 'Mark invoice paid' })
      .click();
    await page.getByText('Invoice marked paid.').waitFor();
    const receipt = await mailTitled(`Payment received for invoice INV-${order.orderNumber} — $71.52`);
    const receiptText = (await pdfText(receipt.attachments[0]!.content)).text;
    for (const expected of [
      `Receipt number RCT-${order.orderNumber}`,
      'Payment reference WIRE-5506',
      'Amount paid $71.52',
    ])
      expect(receiptText).toContain(expected);
    // The receipt the workers appended is a new version of the order: the desk shows it once read again.
    await reloadUntil(main().getByRole('button', { name: `Download PDF, payment receipt RCT-${order.orderNumber}` }));
    const invoices = main().getByRole('region', { name: 'Invoices' });
    await invoices.getByRole('button', { name: 'Issue credit note' }).click();
    const form = invoices.getByRole('form', { name: 'Issue credit note' });
    await form.getByLabel('Amount (USD)').fill('80');
    await form.getByLabel('Reason').fill('Two boxes arrived crushed');
    await form.getByRole('button', { name: 'Issue credit note' }).click();
    await form.getByText('Amount must be at most $71.52, what is left to credit on the invoice').waitFor();
    await form.getByLabel('Amount (USD)').fill('5.00');
    await form.getByRole('button', { name: 'Issue credit note' }).click();
    await invoices
      .getByText(`CN-${order.orderNumber}-1: $5.00 credited on INV-${order.orderNumber} (Two boxes arrived crushed)`, {
        exact: false,
      })
      .waitFor();
    await reloadUntil(main().getByRole('button', { name: `Download PDF, credit note CN-${order.orderNumber}-1` }));
    await mailTitled(`Credit note CN-${order.orderNumber}-1 for order ${order.orderNumber} — $5.00`);
  });

  it('lets the customer download the credit note from My Orders, byte for byte as issued', async () => {
    await signInAsCustomer();
    await page.goto('/my-order');
    const card = main().getByRole('article', { name: order.orderNumber });
    const button = card.getByRole('button', { name: `Download credit note CN-${order.orderNumber}-1` });
    await button.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`CN-${order.orderNumber}-1.pdf`);
    const bytes = await readFile(await download.path());
    const detail = await api.ok<{ order: { creditNotes: { sha256: string }[] } }>(
      'GET',
      `/api/admin/orders/${order.orderId}`,
      undefined,
      adminToken,
    );
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(detail.order.creditNotes[0]?.sha256);
    expect(pageErrors).toEqual([]);
  });

  it("tells one money story on the customer's order page, the invoice, the receipt and the credit note: paid, credited, refund due", async () => {
    await page.goto('/my-order');
    await main()
      .getByRole('article', { name: order.orderNumber })
      .getByRole('link', { name: order.orderNumber })
      .click();
    await page.waitForURL(`**/my-order/${order.orderId}`);
    const card = main().getByRole('article', { name: order.orderNumber });
    const fact = (term: string) => card.locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`);
    await shows(fact('Status'), 'Shipped');
    await shows(fact('Invoiced'), '$71.52');
    await shows(fact('Paid'), '$71.52');
    await shows(fact('Credited'), '$5.00');
    await shows(fact('Refund due to you'), '$5.00');
    expect(
      await card.getByRole('link', { name: `${shipment.carrier} ${shipment.trackingNumber}` }).getAttribute('href'),
    ).toBe(`https://www.ups.com/track?tracknum=${shipment.trackingNumber}`);
    await reloadUntil(card.getByRole('button', { name: 'Download payment receipt' }));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download payment receipt' }).click(),
    ]);
    expect((await pdfText(await readFile(await download.path()))).text).toContain('Amount paid $71.52');
    const invoice = (
      await pdfText(
        Buffer.from(
          await (
            await fetch(`${shop.url}/api/admin/orders/${order.orderId}/invoices/INV-${order.orderNumber}.pdf`, {
              headers: { authorization: `Bearer ${adminToken}` },
            })
          ).arrayBuffer(),
        ),
      )
    ).text;
    expect(invoice).toContain('Amount due $71.52');
    expect(invoice).not.toMatch(/Amount paid|Balance due/);
    const note = (
      await pdfText(
        Buffer.from(
          await (
            await fetch(`${shop.url}/api/admin/orders/${order.orderId}/credit-notes/CN-${order.orderNumber}-1.pdf`, {
              headers: { authorization: `Bearer ${adminToken}` },
            })
          ).arrayBuffer(),
        ),
      )
    ).text;
    for (const expected of ['Credited by this note $5.00', 'Refund due to you $5.00']) expect(note).toContain(expected);
    const mail = await mailTitled(`Credit note CN-${order.orderNumber}-1 for order ${order.orderNumber} — $5.00`);
    expect(mail.text).toContain('Your invoice was paid, so we refund $5.00 to you.');
    expect(pageErrors).toEqual([]);
  });

  it('cancelling the invoiced accepted quote credits its invoice in full; the ledger agrees with every document to the cent', async () => {
    await signInAsAdmin();
    await page.goto(`/admin/orders/${quote.orderId}`);
    await actions().getByRole('button', { name: 'Cancel order' }).click();
    await actions().getByLabel('Reason').fill('Customer ordered twice');
    await actions().getByRole('form', { name: 'Cancel order' }).getByRole('button', { name: 'Cancel order' }).click();
    await shows(status(), 'Cancelled');
    const fullCredit = await mailTitled(
      `Credit note CN-${quote.orderNumber}-1 for order ${quote.orderNumber} — $64.92`,
    );
    expect(fullCredit.text).toContain('Reason: Order cancelled: Customer ordered twice');
    expect((await pdfText(fullCredit.attachments[0]!.content)).text).toContain('Invoice balance after credits $0.00');

    await signInAsCustomer();
    await page.goto(`/my-order/${quote.orderId}`);
    const card = main().getByRole('article', { name: quote.orderNumber });
    const fact = (term: string) => card.locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`);
    await shows(fact('Status'), 'Cancelled');
    await reloadUntil(
      card.locator('xpath=.//dt[normalize-space()="Credited"]/following-sibling::dd[1][normalize-space()="$64.92"]'),
    );
    await shows(fact('Balance due'), '$0.00');

    // The books, replayed by the finance CLI from the event store: issued 71.52 + 64.92, paid 71.52, credited 5.00 + 64.92, 5.00 owed back, nothing open.
    const cli = await promisify(execFile)(
      'npx',
      ['tsx', 'query-api/src/cli/finance.ts', 'ledger', '--as-of', new Date().toISOString(), '--format', 'json'],
      {
        cwd: resolve(import.meta.dirname, '../..'),
        env: { ...process.env, DATABASE_URL: shop.config.DATABASE_URL, LOG_LEVEL: 'silent' },
      },
    );
    const { invoiceTotals } = JSON.parse(cli.stdout) as FinanceLedger;
    expect(invoiceTotals).toEqual({
      issued: { count: 2, totalCents: 7_152 + 6_492 },
      credited: { count: 2, totalCents: 500 + 6_492 },
      paid: { count: 1, totalCents: 7_152 },
      refundsDue: { count: 1, totalCents: 500 },
      open: { count: 0, totalCents: 0 },
      overdue: { count: 0, totalCents: 0 },
    });
    expect(pageErrors).toEqual([]);
  });

  it("downloads the customer's data from My Account; staff then erase them and the order stays, as the erased customer's", async () => {
    type Detail = { order: { totalCents: number; taxCents: number; address: { firstName: string; lastName: string } } };
    const before = await api.ok<Detail>('GET', `/api/admin/orders/${order.orderId}`, undefined, adminToken);
    await page.goto('/my-account');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main().getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('labshop-my-data.json');
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      account: { email: string };
      orders: { orderNumber: string; status: string }[];
      invoices: { invoiceNumber: string }[];
    };
    expect(data.account.email).toBe(shopper.email);
    expect(data.orders.map(({ orderNumber, status }) => ({ orderNumber, status }))).toContainEqual({
      orderNumber: order.orderNumber,
      status: 'Shipped',
    });
    expect(data.invoices.map(({ invoiceNumber }) => invoiceNumber)).toContain(`INV-${order.orderNumber}`);

    await signInAsAdmin();
    await page.goto(`/admin/orders/${order.orderId}`);
    const customer = main().locator('xpath=.//dt[normalize-space()="Customer"]/following-sibling::dd[1]');
    await customer.getByRole('button', { name: 'Erase customer…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase this customer?' });
    await dialog.getByText(shopper.email).waitFor();
    // The dialog says what the erasure test checks: the server's statement, claim by claim, the retention period in it.
    const statement = await api.ok<{ erased: { text: string }[]; retained: { text: string }[] }>(
      'GET',
      '/api/privacy/erasure',
      undefined,
    );
    for (const claim of [...statement.erased, ...statement.retained])
      await dialog.getByText(claim.text, { exact: true }).waitFor();
    expect(await dialog.innerText()).toContain('kept for 7 years from their issue date');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await customer.getByRole('button', { name: 'Erase customer…' }).click();
    await dialog.getByRole('button', { name: 'Erase customer', exact: true }).click();
    await shows(customer, 'Erased customer');
    await shows(status(), 'Shipped');
    const after = await api.ok<Detail>('GET', `/api/admin/orders/${order.orderId}`, undefined, adminToken);
    expect(after.order).toMatchObject({
      totalCents: before.order.totalCents,
      taxCents: before.order.taxCents,
      address: { firstName: 'Erased', lastName: 'customer' },
    });
    expect(await main().innerText()).not.toContain(shopper.lastName);
    // Her invoice is now a retained record: staff still download it, as issued, and the download is recorded.
    const [retained] = await Promise.all([
      page.waitForEvent('download'),
      main()
        .getByRole('region', { name: 'Invoices' })
        .getByRole('button', { name: /^Download PDF, invoice INV-/ })
        .click(),
    ]);
    expect(retained.suggestedFilename()).toBe(`INV-${order.orderNumber}.pdf`);
    expect((await readFile(await retained.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    type Audit = { entries: { actor: { email: string } }[] };
    const recorded = async () =>
      (
        await api.read<Audit>(
          `/api/admin/audit?entityId=${order.orderId}&action=retained-document-downloaded`,
          adminToken,
        )
      ).body.entries;
    for (let tries = 0; (await recorded()).length === 0 && tries < 50; tries++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await recorded()).map((entry) => entry.actor.email)).toEqual([admin.email]);
    expect(
      (await api.send('POST', '/api/auth/login', { email: shopper.email, password: shopper.password })).status,
    ).toBe(401);
    expect(pageErrors).toEqual([]);
  });
});
