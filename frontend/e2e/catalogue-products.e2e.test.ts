import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../server/testing/test-shop.ts';
import { openTab, type BrowserTab } from './browser.ts';

const admin = { email: 'catalogue.admin@labshop.test', password: 'e2e-admin-password' };
const screenshotDir = process.env.E2E_SCREENSHOT_DIR ?? tmpdir();

describe('catalogue products: the back office shapes what the storefront shows', () => {
  let shop: TestShop;
  let tab: BrowserTab;
  let page: Page;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    const startedAt = performance.now();
    shop = await startTestShop({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    tab = await openTab(shop.url);
    ({ page, pageErrors } = tab);
    console.info(`LabShop and Chromium ready in ${Math.round(performance.now() - startedAt)} ms`);
  });

  afterAll(async () => {
    await tab?.close();
    const stoppingAt = performance.now();
    await shop?.stop();
    console.info(`LabShop stopped in ${Math.round(performance.now() - stoppingAt)} ms`);
  });

  const productsColumn = () => page.getByRole('region', { name: /Products/ });
  const adminProductNames = () => productsColumn().locator('.product-row__name').allInnerTexts();
  const toast = (text: string) => page.getByRole('status').filter({ hasText: text });

  async function addProduct(name: string) {
    await page.getByRole('button', { name: 'Add product' }).click();
    await page.getByRole('textbox', { name: 'Product name' }).fill(name);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(`Product “${name}” added.`).waitFor();
    await stock(name);
  }

  /** A subproduct with a detail in the product, through the API: the shop lists a category once it has something in it. */
  async function stock(productName: string) {
    const { token, position } = await page.evaluate(() => ({
      token: sessionStorage.getItem('labshop.adminToken') ?? '',
      position: sessionStorage.getItem('labshop.position') ?? '',
    }));
    const headers = { authorization: `Bearer ${token}` };
    const listed = await page.request.get('/api/admin/catalogue/products', {
      headers: { ...headers, 'x-labshop-position': position },
    });
    const { products } = (await listed.json()) as { products: { productId: string; name: string }[] };
    const { productId } = products.find((product) => product.name === productName)!;
    const created = await page.request.post(`/api/admin/catalogue/products/${productId}/subproducts`, {
      headers,
      data: { name: `${productName} Kits` },
    });
    const { subproductId } = (await created.json()) as { subproductId: string };
    const detail = await page.request.post(
      `/api/admin/catalogue/products/${productId}/subproducts/${subproductId}/details`,
      { headers, data: { productType: 'Starter Kit', quantity: 3, priceCents: 1_000 } },
    );
    expect(detail.status()).toBe(201);
  }

  it('keeps the back office behind the admin login', async () => {
    await page.goto('/admin/catalogue');
    await page.waitForURL('**/admin/login');
    await page.getByText('Access Denied! Please log in as an Admin.').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Log in to your account');

    // Checked in the browser with the server's own wording, no call made.
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Please enter a valid email address').waitFor();

    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    expect(page.url()).toMatch(/\/admin\/login$/);
  });

  it('logs the admin in to an empty catalogue', async () => {
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    // An admin lands on the product upload (the spec); the catalogue manager is one link away.
    await page.waitForURL('**/admin');
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Catalogue manager' })
      .click();
    await page.waitForURL('**/admin/catalogue');
    await productsColumn().getByText('No products yet').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('labshop.adminToken'))).toBeTruthy();
  });

  it("refuses an empty product name with the server's message and adds nothing", async () => {
    await page.getByRole('button', { name: 'Add product' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await productsColumn().getByText('Product name is required').waitFor();
    expect(await page.getByRole('textbox', { name: 'Product name' }).getAttribute('aria-invalid')).toBe('true');

    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await productsColumn().getByText('No products yet').isVisible()).toBe(true);
  });

  it('adds three products, reorders them from the keyboard and hides one', async () => {
    await addProduct('Cell Culture Products');
    await addProduct('Lab Consumables');
    await addProduct('Laboratory Instruments');
    expect(await adminProductNames()).toEqual(['Cell Culture Products', 'Lab Consumables', 'Laboratory Instruments']);

    await page.getByRole('button', { name: 'Edit Display Order' }).click();
    // Focus and Enter on the button as it is then (a list that rendered again meanwhile would take a focus set before).
    await page.getByRole('button', { name: 'Move Laboratory Instruments up' }).press('Enter');
    // Focus follows the moved product, so a second Enter moves it again.
    await page.keyboard.press('Enter');
    expect(
      await page.getByRole('list', { name: 'Display order of products' }).getByRole('listitem').allInnerTexts(),
    ).toEqual([
      expect.stringContaining('Laboratory Instruments'),
      expect.stringContaining('Cell Culture Products'),
      expect.stringContaining('Lab Consumables'),
    ]);
    await page.getByRole('button', { name: 'Save order' }).click();
    await toast('Display order saved.').waitFor();
    // The mutation settles only after its refetch (which carried the command's position): no waiting, no polling.
    expect(await adminProductNames()).toEqual(['Laboratory Instruments', 'Cell Culture Products', 'Lab Consumables']);

    await page.getByRole('button', { name: 'Hide Lab Consumables' }).click();
    await toast('“Lab Consumables” is now hidden from the shop.').waitFor();
    const hiddenRow = productsColumn().getByRole('listitem').filter({ hasText: 'Lab Consumables' });
    expect(await hiddenRow.getByText('Hidden').isVisible()).toBe(true);
    await page.screenshot({ path: join(screenshotDir, 'labshop-admin-catalogue.png'), fullPage: true });
  });

  it('shows exactly the visible products, in the new order, in the header menu and on /products', async () => {
    const expected = ['Laboratory Instruments', 'Cell Culture Products'];
    const productsMenuButton = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Products' });

    // Same page, no reload: from the back office to the shop by its name, where the header's menu follows the commands above.
    await page.getByRole('link', { name: 'LabShop', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await productsMenuButton.click();
    expect(await productsMenuButton.getAttribute('aria-expanded')).toBe('true');
    const menuLinks = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('list', { name: 'Products' })
      .getByRole('link');
    // Each product with its subproduct (the one `stock` gave it), then All Products.
    await expect
      .poll(() => menuLinks.allInnerTexts())
      .toEqual([...expected.flatMap((name) => [name, `${name} Kits`]), 'All Products']);

    await page.keyboard.press('Escape');
    expect(await productsMenuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await productsMenuButton.evaluate((button) => button === document.activeElement)).toBe(true);

    await productsMenuButton.click();
    await menuLinks.filter({ hasText: 'All Products' }).click();
    await page.waitForURL('**/products');
    const cards = page.getByRole('list', { name: 'Product categories' }).getByRole('heading');
    // /products loads the overview (sub-products and details too), not the menu's list, so it is not cached yet.
    await cards.first().waitFor();
    expect(await cards.allInnerTexts()).toEqual(expected);

    // A full page load starts a fresh app: the remembered position still guards against a stale read.
    await page.goto('/products');
    await cards.first().waitFor();
    expect(await cards.allInnerTexts()).toEqual(expected);
    await page.screenshot({ path: join(screenshotDir, 'labshop-products.png'), fullPage: true });

    await page.goto('/');
    const homeCategories = page.getByRole('list', { name: 'Product categories' }).getByRole('link');
    await homeCategories.first().waitFor();
    expect(await homeCategories.getByRole('heading').allInnerTexts()).toEqual(expected);
    expect(await homeCategories.first().getAttribute('href')).toMatch(/^\/products#product-/);
  });

  it('answers unknown paths with a Page not found page and ran without a page error', async () => {
    for (const path of ['/no/such/page', '/some-category/not-an-id', '/nowhere']) {
      await page.goto(path);
      await page.getByRole('main').getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await page.title()).toMatch(/^Page not found/);
    }
    await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(pageErrors).toEqual([]);
  });
});
