import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../server/testing/test-shop.ts';
import { openTab, type BrowserTab } from './browser.ts';
import { artifactPath } from './artifacts.ts';

const admin = { email: 'walk.admin@labshop.test', password: 'e2e-admin-password' };
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

/** The QA walk's shopper stumbles (issue 12, points 3–5), each checked where a shopper meets it. */
describe('shopper walk: register and sign-in say why, search lingers on blur, phone layout', () => {
  let shop: TestShop;
  let tab: BrowserTab;
  let page: Page;
  let detailHref = '';

  beforeAll(async () => {
    shop = await startTestShop({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    const login = await fetch(`${shop.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const { token } = (await login.json()) as { token: string };
    let newestPosition = '';
    const send = async <T>(path: string, body: unknown): Promise<T> => {
      const response = await fetch(`${shop.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as T & { position?: string };
      if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
      if (answer.position !== undefined && answer.position > newestPosition) newestPosition = answer.position;
      return answer;
    };
    // A catalogue the size of the demo one: nine categories of five subproducts, so the menu is long on a phone.
    for (let category = 1; category <= 9; category++) {
      const { productId } = await send<{ productId: string }>('/api/admin/catalogue/products', {
        name: `Category ${category} Products`,
      });
      for (let sub = 1; sub <= 5; sub++) {
        const { subproductId } = await send<{ subproductId: string }>(
          `/api/admin/catalogue/products/${productId}/subproducts`,
          {
            name: `Line ${category}.${sub} Reagents`,
          },
        );
        const details = `/api/admin/catalogue/products/${productId}/subproducts/${subproductId}/details`;
        // Every subproduct has something in it (the shop shows only those); the first three categories' first ones are featured.
        if (sub > 1 || category > 3) {
          await send(details, { productType: `Reagent ${category}.${sub}`, quantity: 5, priceCents: 2_500 });
          continue;
        }
        const { detailId } = await send<{ detailId: string }>(details, {
          productType: `Exosome Kit ${category}`,
          quantity: 5,
          priceCents: 12_500,
          priceTiers: [{ priceCents: 12_500, packSize: '10 reactions', catalogNumber: `EXO-${category}` }],
          featured: true,
          featuredText: 'A long featured text that takes a few lines on a narrow card, as the demo catalogue does.',
          bestseller: true,
          contents: '<p>Polymer-based precipitation.</p>',
        });
        if (category === 1) detailHref = `/product?productname=x&productid=${encodeURIComponent(btoa(detailId))}`;
      }
    }
    tab = await openTab(shop.url, desktop);
    ({ page } = tab);
    page.setDefaultTimeout(10_000);
    await page.addInitScript((position) => sessionStorage.setItem('labshop.position', position), newestPosition);
  });

  afterAll(async () => {
    await tab?.close();
    await shop?.stop();
  });

  const main = () => page.getByRole('main');

  it('register: with no title and terms unticked Create account is disabled and says what is still needed', async () => {
    await page.goto('/signin');
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('First name').fill('Ann');
    await form.getByLabel('Last name').fill('Lee');
    await form.getByLabel('Email').fill('ann.lee@example.com');
    await form.getByLabel('Password', { exact: true }).fill('secret-password');
    const submit = form.getByRole('button', { name: 'Create account' });
    expect(await submit.isDisabled()).toBe(true);
    // The note is the button's description, so a screen reader hears why it is disabled.
    const note = form.locator(`#${await submit.getAttribute('aria-describedby')}`);
    expect(await note.innerText()).toBe('Still needed: title (Mr or Ms), agreeing to the terms.');

    await form.getByRole('radio', { name: 'Ms', exact: true }).check();
    expect(await note.innerText()).toBe('Still needed: agreeing to the terms.');
    await form.getByLabel('I agree to the terms and conditions and the privacy policy').check();
    expect(await submit.isEnabled()).toBe(true);
    expect(await submit.getAttribute('aria-describedby')).toBeNull();
    expect(await form.getByText(/Still needed/).count()).toBe(0);
  });

  it("sign in: 'Forgot your password?' with no email asks for it first", async () => {
    await page.getByRole('tab', { name: 'Sign in' }).click();
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('link', { name: 'Forgot your password?' }).click();
    await form.getByText('Please enter your email address').waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
    expect(await form.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel('Email').fill('ann.lee@example.com');
    await form.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/forgot-password');
    expect(await page.getByLabel('Email').inputValue()).toBe('ann.lee@example.com');
  });

  it('search: the suggestions stay 200 ms after the box loses focus, then hide', async () => {
    await page.goto('/');
    const search = page.getByRole('combobox', { name: 'Search products' });
    await search.fill('exosome');
    const listbox = page.getByRole('listbox', { name: 'Product suggestions' });
    await listbox.waitFor();
    const blurredAt = await search.evaluate((input: HTMLInputElement) => {
      input.blur();
      return performance.now();
    });
    expect(await listbox.isVisible()).toBe(true);
    await listbox.waitFor({ state: 'hidden' });
    const hiddenAt = await page.evaluate(() => performance.now());
    expect(hiddenAt - blurredAt).toBeGreaterThanOrEqual(180);
  });

  it('desktop screenshots: home and product detail at 1280 px', async () => {
    await page.goto('/');
    await main().getByRole('list', { name: 'Featured Products' }).getByRole('heading').first().waitFor();
    await page.screenshot({ path: artifactPath('home-1280.png'), fullPage: true });
    await page.goto(detailHref);
    await main().getByRole('button', { name: 'Add to cart' }).waitFor();
    await page.screenshot({ path: artifactPath('product-1280.png'), fullPage: true });
  });

  const box = async (locator: Locator) => {
    const found = await locator.boundingBox();
    if (found === null) throw new Error('not rendered');
    return found;
  };

  it('phone: home shows two product cards a row', async () => {
    await page.setViewportSize(phone);
    await page.goto('/');
    const cards = main().getByRole('list', { name: 'Featured Products' }).getByRole('listitem');
    await cards.first().getByRole('heading').waitFor();
    const [first, second] = [await box(cards.nth(0)), await box(cards.nth(1))];
    expect(Math.abs(first.y - second.y)).toBeLessThan(2);
    expect(second.x).toBeGreaterThan(first.x + first.width - 1);
    expect(first.width).toBeGreaterThan(140);
    await page.screenshot({ path: artifactPath('home-390.png'), fullPage: true });
  });

  it('phone: the product page shows price and Add to cart in the first screen', async () => {
    await page.goto(detailHref);
    const addToCart = main().getByRole('button', { name: 'Add to cart' });
    await addToCart.waitFor();
    const price = main()
      .locator('.product-facts div')
      .filter({ has: page.locator('dt', { hasText: 'Price' }) })
      .locator('dd');
    expect((await box(price)).y + (await box(price)).height).toBeLessThanOrEqual(phone.height);
    expect((await box(addToCart)).y + (await box(addToCart)).height).toBeLessThanOrEqual(phone.height);
    await page.screenshot({ path: artifactPath('product-390.png'), fullPage: true });
    await page.screenshot({ path: artifactPath('product-390-first-screen.png') });
  });

  it('phone, 720 px tall: the open Products menu keeps All Products in sight', async () => {
    await page.setViewportSize({ width: 390, height: 720 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Products' }).click();
    const menu = nav.getByRole('list', { name: 'Products' });
    await menu.getByRole('link', { name: 'Category 9 Products' }).waitFor();
    const allProducts = menu.getByRole('link', { name: 'All Products' });
    const shown = await box(allProducts);
    expect(shown.y + shown.height).toBeLessThanOrEqual(720);
    // In sight, not just inside the viewport: nothing covers it and no scroll box clips it.
    const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent, {
      x: shown.x + shown.width / 2,
      y: shown.y + shown.height / 2,
    });
    expect(hit).toBe('All Products');
    await page.screenshot({ path: artifactPath('menu-390x720.png') });
    await allProducts.click();
    await page.waitForURL('**/products');
  });
});
