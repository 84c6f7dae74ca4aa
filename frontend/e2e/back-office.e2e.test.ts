import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readMailDir } from '@labshop/workers/testing/read-eml';
import { startTestShop, type TestShop } from '../server/testing/test-shop.ts';
import { apiClient } from '../server/testing/api-client.ts';
import { openTab, type BrowserTab } from './browser.ts';

const admin = { email: 'shell.admin@labshop.test', password: 'e2e-admin-password' };
const screenshotDir = process.env.E2E_SCREENSHOT_DIR ?? tmpdir();
/** Two labs: a customer may check out 30 times in 10 minutes, and the desk needs more than a page of orders. */
const shoppers = [
  { firstName: 'Ada', lastName: 'Okafor', email: 'ada.okafor@example.com', company: 'Okafor Labs' },
  { firstName: 'Ben', lastName: 'Marsh', email: 'ben.marsh@example.com', company: 'Marsh Bio' },
].map((shopper) => ({ ...shopper, password: 'bench-password-77' }));
/** Orders paid by purchase order (more than the desk's 20 a page), and one quote request. */
const PO_ORDERS = 21;

describe('back office: staff land on the dashboard, its counts open their lists, the order desk sorts, pages, filters by URL and confirms in bulk', () => {
  let shop: TestShop;
  let tab: BrowserTab;
  let page: Page;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    shop = await startTestShop({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    api = apiClient(shop.url);
    const adminToken = (await api.ok<{ token: string }>('POST', '/api/admin/login', admin)).token;
    const { productId } = await api.ok<{ productId: string }>(
      'POST',
      '/api/admin/catalogue/products',
      { name: 'Cell Culture' },
      adminToken,
    );
    const { subproductId } = await api.ok<{ subproductId: string }>(
      'POST',
      `/api/admin/catalogue/products/${productId}/subproducts`,
      { name: 'Flasks' },
      adminToken,
    );
    const { detailId } = await api.ok<{ detailId: string }>(
      'POST',
      `/api/admin/catalogue/products/${productId}/subproducts/${subproductId}/details`,
      { productType: 'T75 Flask', quantity: 10_000, priceCents: 1_000, catalogNumber: 'FL-75' },
      adminToken,
    );

    const tokens: string[] = [];
    for (const shopper of shoppers) {
      const { password, email, firstName, lastName } = shopper;
      await api.ok('POST', '/api/auth/register', {
        title: 'Ms',
        firstName,
        lastName,
        email,
        password,
        newsletter: false,
        terms: true,
      });
      const link = await activationLink(email);
      await api.ok('POST', '/api/auth/activate-account', {
        token: link.searchParams.get('token'),
        email: link.searchParams.get('email'),
      });
      tokens.push((await api.ok<{ token: string }>('POST', '/api/auth/login', { email, password })).token);
    }

    // Quantities 1 to 7, so the totals differ and sorting by them shows.
    for (let index = 0; index <= PO_ORDERS; index++) {
      const shopper = shoppers[index % 2]!;
      const token = tokens[index % 2]!;
      const quantity = (index % 7) + 1;
      await api.ok(
        'POST',
        '/api/account/cart/items',
        { commandId: crypto.randomUUID(), detailId, subproductId, packSize: null, quantity },
        token,
      );
      const address = {
        firstName: shopper.firstName,
        lastName: shopper.lastName,
        email: shopper.email,
        company: shopper.company,
        taxExemptNumber: '',
        phone: '+1 512 555 0100',
        address1: '1 Bench Street',
        address2: '',
        city: 'Austin',
        state: 'TX',
        zipCode: '73301',
        useForInvoice: true,
      };
      const { orderId } = await api.ok<{ orderId: string }>(
        'POST',
        '/api/account/orders',
        {
          idempotencyKey: crypto.randomUUID(),
          address,
          shippingMethod: 'ground',
          expectedSubtotalCents: quantity * 1_000,
        },
        token,
      );
      const by = { company: shopper.company, name: `${shopper.firstName} ${shopper.lastName}` };
      if (index === PO_ORDERS)
        await api.ok('POST', `/api/account/orders/${orderId}/quote`, { ...by, poNumber: '' }, token);
      else
        await api.ok(
          'POST',
          `/api/account/orders/${orderId}/purchase-order`,
          {
            ...by,
            poNumber: `PO-${index}`,
            cardType: 'visa',
            cardNumber: '4929381652074315',
            month: '12',
            year: String(new Date().getFullYear() + 2),
            cvv: '123',
          },
          token,
        );
    }

    tab = await openTab(shop.url);
    ({ page } = tab);
    page.setDefaultTimeout(15_000);
    await page.addInitScript((position) => {
      if (sessionStorage.getItem('labshop.position') === null) sessionStorage.setItem('labshop.position', position);
    }, api.newestPosition());
  }, 120_000);

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail')
      await page?.screenshot({
        path: join(screenshotDir, `labshop-back-office-failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}.png`),
        fullPage: true,
      });
  });

  afterAll(async () => {
    await tab?.close();
    await shop?.stop();
  });

  async function activationLink(email: string): Promise<URL> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const mail = (await readMailDir(join(shop.dataDir, 'mail'))).find(
        (found) => found.subject === 'Activate your LabShop account' && found.to.includes(email),
      );
      const link = mail?.text.match(/https?:\/\/\S+\/activate-account\?\S+/)?.[0];
      if (link !== undefined) return new URL(link);
      if (Date.now() > deadline) throw new Error(`no activation mail for ${email} after 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const main = () => page.getByRole('main');
  const tile = (label: string) => main().getByRole('link', { name: new RegExp(`^\\d+ ${label}$`) });
  const countOf = async (label: string) => Number((await tile(label).innerText()).split(/\s/)[0]);
  const results = () =>
    main()
      .getByRole('status')
      .filter({ hasText: /results?$/ });
  const resultCount = async () => {
    await expect.poll(() => results().innerText()).toMatch(/^\d+ results?$/);
    return Number((await results().innerText()).split(' ')[0]);
  };
  const orderRows = () =>
    main()
      .getByRole('row')
      .filter({ has: page.getByRole('checkbox', { name: /^Select LUM/ }) });
  const totals = async () =>
    (await orderRows().locator('td.data-table__numeric').allInnerTexts()).map((text) =>
      Number(text.replace(/[$,]/g, '')),
    );

  it('signs staff in to the dashboard, in the back office shell without the storefront header', async () => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await main().getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.getByRole('searchbox').count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await nav.getByRole('link', { name: 'Product upload' }).waitFor();
    await page.getByText(admin.email).waitFor();
    expect(await tile('Orders to confirm').innerText()).toMatch(new RegExp(`^${PO_ORDERS}\\s`));
    expect(await countOf('Quotes awaiting a price')).toBe(1);
  });

  it("opens each order tile's list with the count the tile showed", async () => {
    for (const label of ['Orders to confirm', 'Backorders waiting for stock', 'Quotes awaiting a price']) {
      await page.goto('/admin');
      const count = await countOf(label);
      await tile(label).click();
      await page.waitForURL('**/admin/orders?**');
      if (count === 0) await main().getByText('No orders or quotes match these filters.').waitFor();
      else expect(await resultCount()).toBe(count);
    }
  });

  it('sorts the order desk by a column and pages it, all in the URL', async () => {
    await page.goto('/admin/orders');
    expect(await resultCount()).toBe(PO_ORDERS + 1);
    await main()
      .getByRole('button', { name: /^Total/ })
      .click();
    await page.waitForURL('**/admin/orders?sort=total&direction=asc');
    const ascendingOrder = (figures: number[]) => [...figures].sort((a, b) => a - b);
    await expect
      .poll(async () => {
        const figures = await totals();
        return figures.join() === ascendingOrder(figures).join();
      })
      .toBe(true);
    const ascending = await totals();
    // Quantities 1 to 7: the first page starts at the smallest order and climbs.
    expect(ascending[0]).toBeLessThan(ascending[ascending.length - 1]!);
    expect(
      await main()
        .getByRole('columnheader', { name: /^Total/ })
        .getAttribute('aria-sort'),
    ).toBe('ascending');

    await main().getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL('**/admin/orders?sort=total&direction=asc&page=2');
    await expect.poll(() => orderRows().count()).toBe(PO_ORDERS + 1 - 20);
    expect(Math.min(...(await totals()))).toBeGreaterThanOrEqual(Math.max(...ascending));
  });

  it('filters by the URL, and confirms five orders in one bulk action; the dashboard counts them gone', async () => {
    await page.goto('/admin/orders?awaiting=confirmation&sort=total&direction=desc');
    expect(await main().getByRole('checkbox', { name: 'Awaiting confirmation' }).isChecked()).toBe(true);
    expect(await resultCount()).toBe(PO_ORDERS);
    const five = orderRows().locator('th a');
    const numbers = (await five.allInnerTexts()).slice(0, 5);
    for (const number of numbers)
      await main()
        .getByRole('checkbox', { name: `Select ${number}` })
        .check();
    await main().getByText('5 selected').waitFor();
    await main().getByRole('button', { name: 'Confirm', exact: true }).click();
    await main().getByText('Confirmed 5 of 5.').waitFor();
    await expect.poll(resultCount).toBe(PO_ORDERS - 5);
    for (const number of numbers) expect(await main().getByRole('link', { name: number }).count()).toBe(0);

    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => countOf('Orders to confirm')).toBe(PO_ORDERS - 5);
  });
});
