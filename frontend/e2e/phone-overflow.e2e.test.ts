import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { RouteObject } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailDir } from '@labshop/workers/testing/read-eml';
import { appRoutes } from '@/app/router.tsx';
import { mainProductHref, productDetailHref, subproductHref } from '@/lib/catalogue-links.ts';
import { apiClient } from '../server/testing/api-client.ts';
import { startTestShop, type TestShop } from '../server/testing/test-shop.ts';
import { openTab, type BrowserTab } from './browser.ts';

const admin = { email: 'phone.admin@labshop.test', password: 'e2e-admin-password' };
const shopper = {
  firstName: 'Maximiliane',
  lastName: 'Oberhollenzer-Castellanos',
  email: 'maximiliane.oberhollenzer-castellanos@laboratory-example.com',
  password: 'phone-walk-password',
};
const phone = { width: 390, height: 844 };

/** Every path of the router, nested ones joined, as written (`:id` and all). */
function routePaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.index ? parent : [parent, route.path].filter(Boolean).join('/');
    const own = route.path !== undefined || route.index ? [path] : [];
    return [...own, ...routePaths(route.children ?? [], path)];
  });
}

/** The back office's routes: an admin visits them; a shopper is sent to the admin login. */
const isAdminRoute = (path: string) =>
  path === 'admin' ||
  (path.startsWith('admin/') && path !== 'admin/login') ||
  path === 'Blog' ||
  path === 'product-content';

/**
 * The Done-when walk: every route of the router at 390 px, signed out, signed in as a customer and
 * (for the back office) as an admin, on the demo catalogue plus an order with long names, and no page
 * wider than the phone.
 */
describe('phone walk: no route of the router scrolls sideways at 390 px', () => {
  let shop: TestShop;
  let tab: BrowserTab;
  let page: Page;
  let api: ReturnType<typeof apiClient>;
  const tokens = { admin: '', customer: '' };
  const urls = new Map<string, string>();

  beforeAll(async () => {
    shop = await startTestShop(
      { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
      { seedDemoCatalogue: true },
    );
    api = apiClient(shop.url);
    tokens.admin = (await api.ok<{ token: string }>('POST', '/api/admin/login', admin)).token;

    const productName = 'Extracellular Vesicle Isolation and Characterisation Reagents';
    const subproductName = 'Polymer-Based Precipitation Kits for Serum and Plasma';
    const productType = 'ExoQuick-Ultra Precipitation Kit, Serum/Plasma';
    const { productId } = await api.ok<{ productId: string }>(
      'POST',
      '/api/admin/catalogue/products',
      { name: productName },
      tokens.admin,
    );
    const { subproductId } = await api.ok<{ subproductId: string }>(
      'POST',
      `/api/admin/catalogue/products/${productId}/subproducts`,
      { name: subproductName },
      tokens.admin,
    );
    const { detailId } = await api.ok<{ detailId: string }>(
      'POST',
      `/api/admin/catalogue/products/${productId}/subproducts/${subproductId}/details`,
      { productType, quantity: 500, priceCents: 123_450, catalogNumber: 'EXOQ-ULTRA-SERUM-PLASMA-50' },
      tokens.admin,
    );

    await api.ok('POST', '/api/auth/register', { title: 'Ms', ...shopper, newsletter: false, terms: true });
    const link = await activationLink();
    await api.ok('POST', '/api/auth/activate-account', {
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
    });
    tokens.customer = (
      await api.ok<{ token: string }>('POST', '/api/auth/login', { email: shopper.email, password: shopper.password })
    ).token;
    await api.ok(
      'POST',
      '/api/account/cart/items',
      { commandId: crypto.randomUUID(), detailId, subproductId, packSize: null, quantity: 12 },
      tokens.customer,
    );
    const address = {
      firstName: shopper.firstName,
      lastName: shopper.lastName,
      email: shopper.email,
      company: 'Institute for Translational Extracellular Vesicle Research',
      taxExemptNumber: '',
      phone: '+1 504 555 0199',
      address1: '1234 Long Laboratory Boulevard, Building C, Suite 400',
      address2: 'Receiving Dock 7',
      city: 'Baton Rouge',
      state: 'LA',
      zipCode: '70801',
      useForInvoice: true,
    };
    const placed = await api.ok<{ orderId: string }>(
      'POST',
      '/api/account/orders',
      { idempotencyKey: crypto.randomUUID(), address, shippingMethod: 'ground', expectedSubtotalCents: 12 * 123_450 },
      tokens.customer,
    );
    await api.ok(
      'POST',
      `/api/account/orders/${placed.orderId}/purchase-order`,
      {
        company: address.company,
        name: `${shopper.firstName} ${shopper.lastName}`,
        poNumber: 'PO-2026-EXTRACELLULAR-0001',
        cardType: 'visa',
        cardNumber: '4929381652074315',
        month: '12',
        year: String(new Date().getFullYear() + 2),
        cvv: '123',
      },
      tokens.customer,
    );
    await api.ok(
      'POST',
      '/api/account/cart/items',
      { commandId: crypto.randomUUID(), detailId, subproductId, packSize: null, quantity: 3 },
      tokens.customer,
    );
    const unpaid = await api.ok<{ orderId: string }>(
      'POST',
      '/api/account/orders',
      { idempotencyKey: crypto.randomUUID(), address, shippingMethod: 'ground', expectedSubtotalCents: 3 * 123_450 },
      tokens.customer,
    );

    const services = await waitFor(
      async () =>
        (await api.read<{ services: { serviceId: string; categorySlug: string }[] }>('/api/services')).body.services[0],
    );

    for (const [path, url] of [
      ['', '/'],
      ['product', productDetailHref(detailId, productType)],
      ['show-main-product/:slug/:id', mainProductHref(productId, productName)],
      [':slug/:id', subproductHref(subproductId, subproductName)],
      ['search', '/search?q=exosome'],
      ['service/:category/:id', `/service/${services.categorySlug}/${services.serviceId}`],
      ['order-confirmation/:id', `/order-confirmation/${placed.orderId}`],
      ['my-order/:orderId', `/my-order/${placed.orderId}`],
      ['shipping-method', `/shipping-method?orderId=${unpaid.orderId}`],
      ['payment-details', `/payment-details?orderId=${unpaid.orderId}`],
      ['admin/orders/:orderId', `/admin/orders/${placed.orderId}`],
      ['*', '/no-such-page/at-all/here'],
    ] as const)
      urls.set(path, url);

    tab = await openTab(shop.url, phone);
    ({ page } = tab);
    page.setDefaultTimeout(15_000);
    await page.addInitScript((position) => sessionStorage.setItem('labshop.position', position), api.newestPosition());
  });

  afterAll(async () => {
    await tab?.close();
    await shop?.stop();
  });

  async function activationLink(): Promise<URL> {
    return waitFor(async () => {
      const mail = (await readMailDir(join(shop.dataDir, 'mail'))).find(
        (found) => found.subject === 'Activate your LabShop account',
      );
      const link = mail?.text.match(/https?:\/\/\S+\/activate-account\?\S+/)?.[0];
      return link === undefined ? undefined : new URL(link);
    });
  }

  async function waitFor<T>(probe: () => Promise<T | undefined>): Promise<T> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const found = await probe();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error('nothing after 30 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const urlOf = (path: string) => urls.get(path) ?? `/${path}`;

  /** Visits each URL as whoever holds the token, and answers the pages wider than the phone. */
  async function overflowing(paths: string[], session: 'signed out' | 'customer' | 'admin') {
    await page.goto('/');
    await page.evaluate(
      ({ session, tokens }) => {
        localStorage.clear();
        sessionStorage.removeItem('labshop.adminToken');
        sessionStorage.removeItem('labshop.customerToken');
        if (session === 'admin') sessionStorage.setItem('labshop.adminToken', tokens.admin);
        if (session === 'customer') sessionStorage.setItem('labshop.customerToken', tokens.customer);
      },
      { session, tokens },
    );
    const found: string[] = [];
    for (const path of paths) {
      await page.goto(urlOf(path));
      await page.waitForLoadState('networkidle');
      // Lazy route chunks and the queries they start, then images settling.
      await page.getByRole('main').waitFor();
      await page.waitForTimeout(300);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      if (scrollWidth > innerWidth) found.push(`${urlOf(path)} (${session}): ${scrollWidth} px`);
    }
    return found;
  }

  it('the search box keeps the full width of the header with the phone menu closed and open', async () => {
    await page.goto('/');
    const search = page.getByRole('combobox', { name: 'Search products' });
    const widthOfSearch = async () => (await search.boundingBox())?.width ?? 0;
    const closed = await widthOfSearch();
    expect(closed).toBeGreaterThan(200);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).waitFor();
    expect(await widthOfSearch()).toBeGreaterThanOrEqual(closed - 1);
  });

  it('phones: the home page on the demo catalogue is under 4,000 px tall at 390 px (it was 5,275), and /products shorter than the 5,606 px QA measured', async () => {
    const heightOf = async (url: string) => {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await page.getByRole('main').getByRole('heading', { level: 2 }).first().waitFor();
      await page.waitForTimeout(300);
      return page.evaluate(() => document.documentElement.scrollHeight);
    };
    const heights = { home: await heightOf('/'), products: await heightOf('/products') };
    console.info(`Heights at 390 px: ${JSON.stringify(heights)}`);
    expect(heights.home).toBeLessThan(4_000);
    expect(heights.products).toBeLessThan(5_606);
  });

  it('phones: the audit log and an order page fold their long parts (QA: 11,266 px and 8,846 px at 390 px)', async () => {
    await page.goto('/');
    await page.evaluate((token) => sessionStorage.setItem('labshop.adminToken', token), tokens.admin);
    const heightOf = async (url: string, ready: () => Promise<void>) => {
      await page.goto(url);
      await ready();
      await page.waitForLoadState('networkidle');
      return page.evaluate(() => document.documentElement.scrollHeight);
    };
    const audit = await heightOf('/admin/audit', () =>
      page.getByRole('table', { name: 'Audit log, newest first' }).waitFor(),
    );
    // Every entry's table of fields is folded behind its summary.
    expect(await page.locator('details.history-changes-fold[open]').count()).toBe(0);
    expect(await page.locator('details.history-changes-fold').count()).toBeGreaterThan(10);
    const order = await heightOf(urls.get('admin/orders/:orderId')!, () =>
      page.getByRole('heading', { level: 2, name: 'History' }).waitFor(),
    );
    console.info(`Heights at 390 px: ${JSON.stringify({ audit, order })}`);
    expect(audit).toBeLessThan(8_000);
    expect(order).toBeLessThan(6_000);
    await page.evaluate(() => sessionStorage.removeItem('labshop.adminToken'));
  });

  it('knows a URL for every route of the router', () => {
    const paths = routePaths(appRoutes);
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((path) => path.includes(':') && !urls.has(path))).toEqual([]);
  });

  it.each(['signed out', 'customer'] as const)(
    'no storefront or account page is wider than 390 px, %s',
    async (session) => {
      expect(
        await overflowing(
          routePaths(appRoutes).filter((path) => !isAdminRoute(path)),
          session,
        ),
      ).toEqual([]);
    },
  );

  it('no back-office page is wider than 390 px for an admin', async () => {
    expect(await overflowing(routePaths(appRoutes).filter(isAdminRoute), 'admin')).toEqual([]);
  });
});
