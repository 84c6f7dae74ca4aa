import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../server/testing/test-shop.ts';
import { openTab, type BrowserTab } from './browser.ts';

const admin = { email: 'search.admin@labshop.test', password: 'e2e-admin-password' };
const screenshotDir = process.env.E2E_SCREENSHOT_DIR ?? tmpdir();

/**
 * The lab buyer's search journey: a catalogue number typed with a typo still finds its product through the
 * suggestions; a full search is narrowed by category and stock in the URL; pasted quick-order lines go into
 * the cart and the unknown number among them is named.
 */
describe('search: catalogue numbers with typos, facets, quick order', () => {
  let shop: TestShop;
  let tab: BrowserTab;
  let page: Page;
  let pageErrors: string[] = [];
  const ids = { cellCulture: '', westernBlot: '', flaskT25: '' };

  beforeAll(async () => {
    shop = await startTestShop({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    const login = await fetch(`${shop.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const { token } = (await login.json()) as { token: string };
    let newestPosition = '';
    async function send<T>(path: string, body: unknown): Promise<T> {
      const response = await fetch(`${shop.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as T & { position?: string };
      if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
      if (answer.position !== undefined && answer.position > newestPosition) newestPosition = answer.position;
      return answer;
    }
    const product = async (name: string) =>
      (await send<{ productId: string }>('/api/admin/catalogue/products', { name })).productId;
    const subproduct = async (productId: string, name: string) =>
      (await send<{ subproductId: string }>(`/api/admin/catalogue/products/${productId}/subproducts`, { name }))
        .subproductId;
    const detail = async (productId: string, subproductId: string, fields: object) =>
      (
        await send<{ detailId: string }>(
          `/api/admin/catalogue/products/${productId}/subproducts/${subproductId}/details`,
          fields,
        )
      ).detailId;

    ids.cellCulture = await product('Cell Culture Products');
    ids.westernBlot = await product('Western Blot');
    const flasks = await subproduct(ids.cellCulture, 'Cell Culture Flasks');
    const serum = await subproduct(ids.cellCulture, 'Fetal Bovine Serum');
    const blocking = await subproduct(ids.westernBlot, 'Blocking Buffers');
    ids.flaskT25 = await detail(ids.cellCulture, flasks, {
      productType: 'T25, 20 pcs',
      quantity: 50,
      priceCents: 4_850,
      catalogNumber: 'CC-1001',
      priceTiers: [
        { priceCents: 4_850, packSize: '20 pcs', catalogNumber: 'CC-1001' },
        { priceCents: 22_000, packSize: '5 x 20 pcs', catalogNumber: 'CC-1001-5' },
      ],
      contents: '<p>Tissue-culture treated flasks with vented caps.</p>',
    });
    await detail(ids.cellCulture, flasks, {
      productType: 'T75, 20 pcs',
      quantity: 0,
      priceCents: 6_900,
      catalogNumber: 'CC-1002',
    });
    await detail(ids.cellCulture, serum, {
      productType: '500 ml',
      quantity: 10,
      priceCents: 18_900,
      catalogNumber: 'CC-5002',
    });
    await detail(ids.westernBlot, blocking, {
      productType: '500 ml',
      quantity: 20,
      priceCents: 6_500,
      catalogNumber: 'WB-3001',
      contents: '<p>Protein-free blocking, also for cell culture supernatants.</p>',
    });

    tab = await openTab(shop.url);
    ({ page, pageErrors } = tab);
    // The shopper's tab reads from the admin's newest write on (what the api-client keeps after a command).
    await page.addInitScript((position) => sessionStorage.setItem('labshop.position', position), newestPosition);
  });

  afterAll(async () => {
    await tab?.close();
    await shop?.stop();
  });

  const main = () => page.getByRole('main');

  it('finds a catalogue number typed with a typo among the suggestions, showing the number, and opens it', async () => {
    await page.goto('/');
    const search = page.getByRole('combobox', { name: 'Search products' });
    await search.focus();
    await page.keyboard.type('CC-1011');
    const listbox = page.getByRole('listbox', { name: 'Product suggestions' });
    await listbox.waitFor();
    const first = listbox.getByRole('option').first();
    expect(await first.innerText()).toBe('CC-1001 Cell Culture Flasks T25, 20 pcs');
    await page.keyboard.press('ArrowDown');
    expect(await first.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (url) => url.pathname === '/product' && url.search.includes(encodeURIComponent(btoa(ids.flaskT25))),
    );
    await main().getByRole('heading', { level: 1, name: 'Cell Culture Flasks' }).waitFor();

    await main().getByRole('button', { name: 'Add to cart' }).click();
    await page
      .getByRole('dialog', { name: 'Added to your cart' })
      .getByRole('button', { name: 'Continue shopping' })
      .click();
  });

  it('narrows a full search by category, then to what is in stock, with both in the URL', async () => {
    const search = page.getByRole('combobox', { name: 'Search products' });
    await search.fill('culture');
    await search.press('Enter');
    await page.waitForURL('**/search?q=culture');
    const results = main().getByRole('list', { name: 'Search results' });
    const headings = async () => {
      await results.getByRole('heading').first().waitFor();
      return results.getByRole('heading').allInnerTexts();
    };
    expect((await headings()).sort()).toEqual(['500 ml', '500 ml', 'T25, 20 pcs', 'T75, 20 pcs']);
    const filters = main().getByRole('complementary', { name: 'Filters' });

    const cellCulture = filters.getByRole('radio', { name: /^Cell Culture Products/ });
    await cellCulture.click();
    await page.waitForURL((url) => url.searchParams.get('category') === ids.cellCulture);
    await expect.poll(() => cellCulture.isChecked()).toBe(true);
    await expect
      .poll(async () => main().getByRole('status').filter({ hasText: 'found' }).innerText())
      .toBe('3 products found');
    expect((await headings()).sort()).toEqual(['500 ml', 'T25, 20 pcs', 'T75, 20 pcs']);

    const inStockOnly = filters.getByRole('checkbox', { name: /In stock only/ });
    await inStockOnly.click();
    await page.waitForURL(
      (url) => url.searchParams.get('inStock') === 'true' && url.searchParams.get('category') === ids.cellCulture,
    );
    await expect.poll(() => inStockOnly.isChecked()).toBe(true);
    await expect
      .poll(async () => main().getByRole('status').filter({ hasText: 'found' }).innerText())
      .toBe('2 products found');
    expect((await headings()).sort()).toEqual(['500 ml', 'T25, 20 pcs']);
    await page.screenshot({ path: join(screenshotDir, 'labshop-search-facets.png') });

    // The URL is the search: reloading it shows the same filtered results with the same choices made.
    await page.reload();
    expect((await headings()).sort()).toEqual(['500 ml', 'T25, 20 pcs']);
    expect(await filters.getByRole('checkbox', { name: /In stock only/ }).isChecked()).toBe(true);
    expect(await filters.getByRole('radio', { name: /^Cell Culture Products/ }).isChecked()).toBe(true);
  });

  it('offers a query that finds something when nothing matches', async () => {
    await page.goto('/search?q=blokcing%20buferrs');
    await main().getByText('No products match “blokcing buferrs”.').waitFor();
    await main().getByRole('link', { name: 'blocking buffers' }).click();
    await page.waitForURL('**/search?q=blocking+buffers');
    await main().getByRole('list', { name: 'Search results' }).getByRole('heading', { name: '500 ml' }).waitFor();
  });

  it('quick-orders pasted lines into the cart and names the unknown number', async () => {
    await page.goto('/cartaction/show');
    const quickOrder = main().getByRole('region', { name: 'Quick order' });
    await quickOrder
      .getByRole('textbox', { name: 'Catalogue numbers and quantities' })
      .fill('CC-5002, 2\nwb3001; 3\nZZ-9999, 1');
    await quickOrder.getByRole('button', { name: 'Add to cart' }).click();
    await quickOrder.getByText('2 lines added to the cart.').waitFor();
    expect(
      await quickOrder.getByRole('list', { name: 'Lines not added' }).getByRole('listitem').allInnerTexts(),
    ).toEqual(['Line 3: ZZ-9999 is not a catalogue number we sell.']);
    expect(await quickOrder.getByRole('textbox', { name: 'Catalogue numbers and quantities' }).inputValue()).toBe(
      'ZZ-9999, 1',
    );

    const lines = main().getByRole('list', { name: 'Cart items' }).getByRole('listitem');
    await expect.poll(() => lines.count()).toBe(3);
    const cart = await main().getByRole('list', { name: 'Cart items' }).innerText();
    expect(cart).toContain('Fetal Bovine Serum');
    expect(cart).toContain('Blocking Buffers');
    expect(cart).toContain('CC-5002');
    expect(cart).toContain('WB-3001');
    await page.screenshot({ path: join(screenshotDir, 'labshop-quick-order.png') });
  });

  it('lays the search page out on a 390 px phone without sideways scrolling, the filters folded above the results', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/search?q=culture&category=${ids.cellCulture}`);
    await main().getByRole('list', { name: 'Search results' }).getByRole('heading').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const filters = main().getByRole('complementary', { name: 'Filters' });
    const category = filters.getByRole('radio', { name: /^Cell Culture Products/ });
    expect(await category.isVisible()).toBe(false);
    const toggle = filters.getByRole('button', { name: 'Show filters (1 chosen)' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await category.isChecked()).toBe(true);
    expect(await category.isVisible()).toBe(true);
    await filters.getByRole('button', { name: 'Hide filters' }).click();
    expect(await category.isVisible()).toBe(false);
    await page.screenshot({ path: join(screenshotDir, 'labshop-search-phone.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
