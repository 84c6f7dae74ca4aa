import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../server/testing/test-shop.ts';
import { openTab, type BrowserTab } from './browser.ts';

const admin = { email: 'storefront.admin@labshop.test', password: 'e2e-admin-password' };
const screenshotDir = process.env.E2E_SCREENSHOT_DIR ?? tmpdir();

/** The back office's commands over HTTP, as an admin; remembers the newest position for read-your-writes. */
function commandClient(baseUrl: string, token: string) {
  let newestPosition = '';
  async function send<T>(method: string, path: string, body: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as T & { position?: string };
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    if (answer.position !== undefined && answer.position > newestPosition) newestPosition = answer.position;
    return answer;
  }
  return { send, newestPosition: () => newestPosition };
}

describe('storefront catalogue: a shopper finds, configures and adds a product', () => {
  let shop: TestShop;
  let tab: BrowserTab;
  let page: Page;
  let pageErrors: string[] = [];
  const ids = { productId: '', subproductId: '', detailId: '', hiddenDetailId: '' };

  beforeAll(async () => {
    shop = await startTestShop({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    const login = await fetch(`${shop.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const { token } = (await login.json()) as { token: string };
    const commands = commandClient(shop.url, token);

    ({ productId: ids.productId } = await commands.send<{ productId: string }>(
      'POST',
      '/api/admin/catalogue/products',
      { name: 'Exosome Research' },
    ));
    await commands.send('PATCH', `/api/admin/catalogue/products/${ids.productId}/content`, {
      content: '<p>Everything for extracellular vesicles.</p>',
    });
    ({ subproductId: ids.subproductId } = await commands.send<{ subproductId: string }>(
      'POST',
      `/api/admin/catalogue/products/${ids.productId}/subproducts`,
      { name: 'Exosome Isolation Kits' },
    ));
    const details = `/api/admin/catalogue/products/${ids.productId}/subproducts/${ids.subproductId}/details`;
    ({ detailId: ids.detailId } = await commands.send<{ detailId: string }>('POST', details, {
      productType: 'ExoQuick Kit',
      quantity: 7,
      priceCents: 20_000,
      addPercentage: 10,
      priceTiers: [
        { priceCents: 10_000, packSize: '10 reactions', catalogNumber: 'EXO-10' },
        {
          priceCents: 45_000,
          packSize: '50 reactions',
          description: 'ExoQuick Kit, value pack',
          catalogNumber: 'EXO-50',
        },
      ],
      catalogNumber: 'EXO-1',
      featured: true,
      featuredText: 'Isolate exosomes from serum in 30 minutes.',
      bestseller: true,
      contents: '<h3>How it works</h3><p>Polymer-based precipitation of exosomes.</p>',
    }));
    // A sibling the admin hid: it must never reach the shop, not even through search.
    ({ detailId: ids.hiddenDetailId } = await commands.send<{ detailId: string }>('POST', details, {
      productType: 'ExoQuick Kit Prototype',
      quantity: 3,
      priceCents: 1_000,
      featured: true,
      bestseller: true,
    }));
    await commands.send('PATCH', `${details}/${ids.hiddenDetailId}`, { visible: false });

    tab = await openTab(shop.url);
    ({ page, pageErrors } = tab);
    // The shopper's tab reads from the admin's newest write on (what the api-client keeps after a command).
    await page.addInitScript(
      (position) => sessionStorage.setItem('labshop.position', position),
      commands.newestPosition(),
    );
  });

  afterAll(async () => {
    await tab?.close();
    await shop?.stop();
  });

  const main = () => page.getByRole('main');
  const productPath = (detailId: string) => `productid=${encodeURIComponent(btoa(detailId))}`;

  it('shows the featured product on the home page, never the hidden sibling', async () => {
    await page.goto('/');
    const featured = main().getByRole('list', { name: 'Featured Products' });
    await featured.getByRole('heading').first().waitFor();
    expect(await featured.getByRole('heading').allInnerTexts()).toEqual(['ExoQuick Kit']);
    expect(await main().getByRole('list', { name: 'Best Sellers' }).getByRole('heading').allInnerTexts()).toEqual([
      'ExoQuick Kit',
    ]);
    const slide = main().getByRole('group', { name: '1 of 1: Exosome Research' });
    expect(await slide.getByRole('link', { name: 'Shop Exosome Research' }).getAttribute('href')).toBe(
      `/show-main-product/${encodeURIComponent(btoa('Exosome Research'))}/${ids.productId}`,
    );
    await page.screenshot({ path: join(screenshotDir, 'labshop-storefront-home.png'), fullPage: true });
  });

  it('finds it through the header menu: main product page, sub-product grid, detail', async () => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Products' }).click();
    const menu = nav.getByRole('list', { name: 'Products' });
    await expect
      .poll(() => menu.getByRole('list', { name: 'Exosome Research' }).getByRole('link').allInnerTexts())
      .toEqual(['Exosome Isolation Kits']);
    await page.screenshot({ path: join(screenshotDir, 'labshop-storefront-menu.png') });

    await menu.getByRole('link', { name: 'Exosome Research', exact: true }).click();
    await main().getByRole('heading', { level: 1, name: 'Exosome Research' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').allInnerTexts()).toEqual([
      'Home',
      'Products',
      'Exosome Research',
    ]);
    // The category is introduced by its own content, not by one detail's contents.
    await main().getByText('Everything for extracellular vesicles.').waitFor();
    expect(await main().getByText('Polymer-based precipitation of exosomes.').count()).toBe(0);

    await main()
      .getByRole('link', { name: /View Products.*Exosome Isolation Kits/ })
      .click();
    await page.waitForURL(`**/exosome-isolation-kits/${ids.subproductId}`);
    const grid = main().getByRole('list', { name: 'Exosome Isolation Kits' });
    await grid.getByRole('heading').first().waitFor();
    expect(await grid.getByRole('heading').allInnerTexts()).toEqual(['ExoQuick Kit']);

    await grid.getByRole('link', { name: /View Product/ }).click();
    await page.waitForURL((url) => url.pathname === '/product' && url.search.includes(productPath(ids.detailId)));
    await main().getByRole('heading', { level: 1, name: 'Exosome Isolation Kits' }).waitFor();
  });

  it('finds it through search suggestions from the keyboard, and Enter alone shows the full results', async () => {
    await page.goto('/');
    const search = page.getByRole('combobox', { name: 'Search products' });
    await search.focus();
    await page.keyboard.type('exo');
    const listbox = page.getByRole('listbox', { name: 'Product suggestions' });
    await listbox.waitFor();
    expect(await listbox.getByRole('option').allInnerTexts()).toEqual(['Exosome Isolation Kits ExoQuick Kit']);
    expect(await search.getAttribute('aria-expanded')).toBe('true');

    await page.keyboard.press('ArrowDown');
    const option = listbox.getByRole('option', { name: 'Exosome Isolation Kits ExoQuick Kit' });
    expect(await option.getAttribute('aria-selected')).toBe('true');
    expect(await search.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    await page.screenshot({ path: join(screenshotDir, 'labshop-storefront-suggestions.png') });

    await page.keyboard.press('Escape');
    expect(await search.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/product' && url.search.includes(productPath(ids.detailId)));

    await search.fill('exoquick');
    await search.press('Enter');
    await page.waitForURL('**/search?q=exoquick');
    const results = main().getByRole('list', { name: 'Search results' });
    await results.getByRole('heading').first().waitFor();
    expect(await results.getByRole('heading').allInnerTexts()).toEqual(['ExoQuick Kit']);
    await results.getByRole('link', { name: /View Product/ }).click();
    await page.waitForURL((url) => url.pathname === '/product' && url.search.includes(productPath(ids.detailId)));
  });

  it('switches pack size: price, discount, type and catalogue number follow; quantity resets and stays within stock', async () => {
    const facts = main().locator('.product-facts');
    const fact = (term: string) =>
      facts
        .locator('div')
        .filter({ has: page.locator('dt', { hasText: term }) })
        .locator('dd');
    await main().getByRole('heading', { level: 1, name: 'Exosome Isolation Kits' }).waitFor();
    expect(await main().getByText('In Stock', { exact: true }).isVisible()).toBe(true);
    expect(
      await page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: 'Exosome Isolation Kits' })
        .getAttribute('href'),
    ).toBe(`/exosome-isolation-kits/${ids.subproductId}`);
    // The first pack size is chosen from the start, so the price shown is the one Add to cart adds.
    expect(
      await main()
        .getByRole('radio', { name: /10 reactions/ })
        .isChecked(),
    ).toBe(true);
    expect(await fact('Product type').innerText()).toBe('ExoQuick Kit');
    expect(await fact('Catalog number').innerText()).toBe('EXO-10');
    expect(await fact('Pack size').innerText()).toBe('10 reactions');
    expect(await fact('Price').innerText()).toMatch(/\$90\.00\s*Original price\s*\$100\.00\s*10% off/);

    const quantity = main().getByRole('spinbutton', { name: 'Quantity' });
    const increase = main().getByRole('button', { name: 'Increase quantity' });
    await increase.click();
    await increase.click();
    expect(await quantity.inputValue()).toBe('3');

    await main()
      .getByRole('radio', { name: /50 reactions/ })
      .check();
    expect(await quantity.inputValue()).toBe('1');
    // The tier's description is the product's full name: it stays beside the option, the type stays the type.
    expect(await fact('Product type').innerText()).toBe('ExoQuick Kit');
    expect(await fact('Catalog number').innerText()).toBe('EXO-50');
    expect(await fact('Pack size').innerText()).toBe('50 reactions');
    expect(await fact('Price').innerText()).toMatch(/\$405\.00\s*Original price\s*\$450\.00\s*10% off/);

    await main()
      .getByRole('radio', { name: /10 reactions/ })
      .check();
    expect(await fact('Price').innerText()).toMatch(/\$90\.00\s*Original price\s*\$100\.00\s*10% off/);
    expect(await fact('Catalog number').innerText()).toBe('EXO-10');
    expect(await fact('Product type').innerText()).toBe('ExoQuick Kit');

    // Bounded by the stock of 7, whether stepped or typed.
    for (let step = 0; step < 9; step++) if (await increase.isEnabled()) await increase.click();
    expect(await quantity.inputValue()).toBe('7');
    expect(await increase.isDisabled()).toBe(true);
    await quantity.fill('99');
    await quantity.press('Tab');
    expect(await quantity.inputValue()).toBe('7');
    await quantity.fill('0');
    await quantity.press('Tab');
    expect(await quantity.inputValue()).toBe('1');
    await page.screenshot({ path: join(screenshotDir, 'labshop-storefront-detail.png'), fullPage: true });
  });

  it('adds to the cart through an accessible confirmation dialog that leads to checkout', async () => {
    const addToCart = main().getByRole('button', { name: 'Add to cart' });
    await main().getByRole('button', { name: 'Increase quantity' }).click();
    await addToCart.click();
    const dialog = page.getByRole('dialog', { name: 'Added to your cart' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(/Pack size: 10 reactions[\s\S]*Quantity: 2[\s\S]*\$90\.00/);
    expect(await dialog.getByRole('link', { name: 'Proceed to checkout' }).getAttribute('href')).toBe(
      '/cartaction/show',
    );
    await page.screenshot({ path: join(screenshotDir, 'labshop-storefront-dialog.png') });

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await addToCart.evaluate((button) => button === document.activeElement)).toBe(true);

    await addToCart.click();
    await dialog.getByRole('button', { name: 'Continue shopping' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('shows the tabs, documents and related products, and never the hidden sibling', async () => {
    await main().getByRole('tab', { name: 'Documents' }).click();
    await main().getByRole('tabpanel', { name: 'Documents' }).getByText('No documents for this product.').waitFor();
    await main().getByRole('tab', { name: 'Documents' }).press('ArrowLeft');
    expect(await main().getByRole('tab', { name: 'Product Overview' }).getAttribute('aria-selected')).toBe('true');
    await main()
      .getByRole('tabpanel', { name: 'Product Overview' })
      .getByRole('heading', { name: 'How it works' })
      .waitFor();
    expect(await main().getByRole('heading', { name: 'Related Products' }).count()).toBe(0);

    await page.goto(`/product?productname=${encodeURIComponent(btoa('x'))}&${productPath(ids.hiddenDetailId)}`);
    await main().getByRole('heading', { name: 'This product is not available' }).waitFor();
    await page.goto(`/search?q=prototype`);
    await main().getByText('No products match “prototype”.').waitFor();
  });

  it('ran without a page error', () => {
    expect(pageErrors).toEqual([]);
  });
});
