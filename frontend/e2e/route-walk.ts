import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { RouteObject } from 'react-router-dom';
import { readMailDir } from '@labshop/workers/testing/read-eml';
import { appRoutes } from '@/app/router.tsx';
import { mainProductHref, productDetailHref, subproductHref } from '@/lib/catalogue-links.ts';
import { apiClient } from '../server/testing/api-client.ts';
import { startTestShop, type TestShop } from '../server/testing/test-shop.ts';
import { openTab } from './browser.ts';

/**
 * Walks over every route of the router (the phone walk, the accessibility walk): the paths as the router lists
 * them, a real URL for each (a route with params gets ids from the shop's data), and the sessions to visit them in.
 */

/** Every path of the router, nested ones joined, as written (`:id` and all). */
export function routePaths(routes: RouteObject[] = appRoutes, parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.index ? parent : [parent, route.path].filter(Boolean).join('/');
    const own = route.path !== undefined || route.index ? [path] : [];
    return [...own, ...routePaths(route.children ?? [], path)];
  });
}

/** The back office's routes: an admin visits them; a shopper is sent to the admin login. */
export const isAdminRoute = (path: string) =>
  path === 'admin' ||
  (path.startsWith('admin/') && path !== 'admin/login') ||
  path === 'Blog' ||
  path === 'product-content';

export type Session = 'signed out' | 'customer' | 'admin';

const admin = { email: 'walk.admin@labshop.test', password: 'e2e-admin-password' };
// Long names, so a page that cannot wrap them shows it.
const shopper = {
  firstName: 'Maximiliane',
  lastName: 'Oberhollenzer-Castellanos',
  email: 'maximiliane.oberhollenzer-castellanos@laboratory-example.com',
  password: 'route-walk-password',
};

export interface WalkSetup {
  walk: RouteWalk;
  page: Page;
  stop(): Promise<void>;
}

/** A shop with the demo catalogue and the walk's data, and one tab whose pages read the setup's own writes. */
export async function startRouteWalk(viewport: { width: number; height: number }): Promise<WalkSetup> {
  const shop = await startTestShop(
    { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
    { seedDemoCatalogue: true },
  );
  try {
    const walk = await prepareRouteWalk(shop);
    const tab = await openTab(shop.url, viewport);
    const { page } = tab;
    page.setDefaultTimeout(15_000);
    await page.addInitScript((position) => sessionStorage.setItem('labshop.position', position), walk.position);
    return {
      walk,
      page,
      async stop() {
        await tab.close();
        await shop.stop();
      },
    };
  } catch (error) {
    await shop.stop();
    throw error;
  }
}

export interface RouteWalk {
  /** The URL to open for a path of the router. */
  urlOf(path: string): string;
  /** The paths with params this walk has a URL for. */
  knownParams: ReadonlySet<string>;
  tokens: { admin: string; customer: string };
  /** The newest position the setup's commands answered with (a page opened with it reads its own writes). */
  position: string;
  orderId: string;
  /** Makes the page's next loads those of the session (its tokens in storage, nothing else). */
  signIn(page: Page, session: Session): Promise<void>;
}

/**
 * The data a walk needs, written through the APIs of a shop with the demo catalogue: the admin, a customer with long
 * names, a paid order and an unpaid one of a product with long names.
 */
async function prepareRouteWalk(shop: TestShop): Promise<RouteWalk> {
  const api = apiClient(shop.url);
  const tokens = { admin: '', customer: '' };
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
  const link = await waitFor(async () => {
    const mail = (await readMailDir(join(shop.dataDir, 'mail'))).find(
      (found) => found.subject === 'Activate your LabShop account',
    );
    const found = mail?.text.match(/https?:\/\/\S+\/activate-account\?\S+/)?.[0];
    return found === undefined ? undefined : new URL(found);
  });
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

  const service = await waitFor(
    async () =>
      (await api.read<{ services: { serviceId: string; categorySlug: string }[] }>('/api/services')).body.services[0],
  );

  const urls = new Map<string, string>([
    ['', '/'],
    ['product', productDetailHref(detailId, productType)],
    ['show-main-product/:slug/:id', mainProductHref(productId, productName)],
    [':slug/:id', subproductHref(subproductId, subproductName)],
    ['search', '/search?q=exosome'],
    ['service/:category/:id', `/service/${service.categorySlug}/${service.serviceId}`],
    ['order-confirmation/:id', `/order-confirmation/${placed.orderId}`],
    ['my-order/:orderId', `/my-order/${placed.orderId}`],
    ['shipping-method', `/shipping-method?orderId=${unpaid.orderId}`],
    ['payment-details', `/payment-details?orderId=${unpaid.orderId}`],
    ['admin/orders/:orderId', `/admin/orders/${placed.orderId}`],
    ['*', '/no-such-page/at-all/here'],
  ]);

  return {
    urlOf: (path) => urls.get(path) ?? `/${path}`,
    knownParams: new Set([...urls.keys()].filter((path) => path.includes(':'))),
    tokens,
    position: api.newestPosition(),
    orderId: placed.orderId,
    async signIn(page, session) {
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
    },
  };
}

/** The router's paths with params this walk has no URL for (a new route with params must be given one). */
export const pathsWithoutUrl = (walk: RouteWalk) =>
  routePaths().filter((path) => path.includes(':') && !walk.knownParams.has(path));

async function waitFor<T>(probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('nothing after 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Opens a URL and waits until its page has settled: lazy route chunks, the queries they start, images. */
export async function openRoute(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page.getByRole('main').waitFor();
  await page.waitForTimeout(300);
}
