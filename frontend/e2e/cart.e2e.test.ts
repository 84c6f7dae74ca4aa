import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailDir } from '@labshop/workers/testing/read-eml';
import { productDetailHref } from '../src/lib/catalogue-links.ts';
import { startTestShop, type TestShop } from '../server/testing/test-shop.ts';
import { openTab, type BrowserTab } from './browser.ts';

const admin = { email: 'cart.admin@labshop.test', password: 'e2e-admin-password' };
const shopper = {
  title: 'Mr',
  firstName: 'Omar',
  lastName: 'Haddad',
  email: 'omar.haddad@example.com',
  password: 'cart-password',
  newsletter: false,
  terms: true,
};
const screenshotDir = process.env.E2E_SCREENSHOT_DIR ?? tmpdir();

// List prices in cents; the kit's 10% discount applies to both pack sizes: $90.00 and $405.00.
const kit = {
  productType: 'ExoQuick Kit',
  small: { packSize: '10 reactions', cents: 9_000 },
  large: { packSize: '50 reactions', description: 'ExoQuick Kit, value pack', cents: 40_500 },
};
const soldOut = { productType: 'Exosome Standard' };
const buffer = { productType: 'Exosome Lysis Buffer', cents: 2_500 };
const usd = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

interface ServerCart {
  lines: { packSize: string | null; quantity: number; unitPriceCents: number }[];
}

describe('cart: pack sizes, merging, steppers, offline, sign-in merge; stock and pack-size QA points', () => {
  let shop: TestShop;
  let tab: BrowserTab;
  let page: Page;
  let pageErrors: string[] = [];
  let adminToken = '';
  let newestPosition = '';
  const ids = { productId: '', subproductId: '', kitId: '', soldOutId: '', bufferId: '' };
  const details = () => `/api/admin/catalogue/products/${ids.productId}/subproducts/${ids.subproductId}/details`;

  async function send<T>(method: string, path: string, body: unknown, token?: string): Promise<T> {
    const response = await fetch(`${shop.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token !== undefined && { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as T & { position?: string };
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    const position = answer.position ?? response.headers.get('x-labshop-position') ?? '';
    if (position > newestPosition) newestPosition = position;
    return answer;
  }

  /** The server's view of a cart, read through the query API once it holds the newest write, ours or the browser's. */
  async function serverCart(path: string, token?: string): Promise<ServerCart> {
    const browserPosition = (await page.evaluate(() => sessionStorage.getItem('labshop.position'))) ?? '';
    const position = browserPosition > newestPosition ? browserPosition : newestPosition;
    const response = await fetch(`${shop.url}${path}`, {
      headers: { 'x-labshop-position': position, ...(token !== undefined && { authorization: `Bearer ${token}` }) },
    });
    return (await response.json()) as ServerCart;
  }

  beforeAll(async () => {
    shop = await startTestShop({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    ({ token: adminToken } = await send<{ token: string }>('POST', '/api/admin/login', admin));
    ({ productId: ids.productId } = await send<{ productId: string }>(
      'POST',
      '/api/admin/catalogue/products',
      { name: 'Exosome Research' },
      adminToken,
    ));
    ({ subproductId: ids.subproductId } = await send<{ subproductId: string }>(
      'POST',
      `/api/admin/catalogue/products/${ids.productId}/subproducts`,
      { name: 'Exosome Isolation Kits' },
      adminToken,
    ));
    ({ detailId: ids.kitId } = await send<{ detailId: string }>(
      'POST',
      details(),
      {
        productType: kit.productType,
        quantity: 40,
        priceCents: 20_000,
        addPercentage: 10,
        priceTiers: [
          { priceCents: 10_000, packSize: kit.small.packSize, catalogNumber: 'EXO-10' },
          {
            priceCents: 45_000,
            packSize: kit.large.packSize,
            description: kit.large.description,
            catalogNumber: 'EXO-50',
          },
        ],
        catalogNumber: 'EXO-1',
        featured: true,
        bestseller: true,
      },
      adminToken,
    ));
    ({ detailId: ids.soldOutId } = await send<{ detailId: string }>(
      'POST',
      details(),
      {
        productType: soldOut.productType,
        quantity: 0,
        priceCents: 5_000,
        catalogNumber: 'EXS-1',
        featured: true,
        bestseller: true,
      },
      adminToken,
    ));

    ({ detailId: ids.bufferId } = await send<{ detailId: string }>(
      'POST',
      details(),
      { productType: buffer.productType, quantity: 9, priceCents: buffer.cents, catalogNumber: 'EXB-1' },
      adminToken,
    ));

    tab = await openTab(shop.url);
    ({ page, pageErrors } = tab);
    await page.addInitScript((position) => {
      if (sessionStorage.getItem('labshop.position') === null) sessionStorage.setItem('labshop.position', position);
    }, newestPosition);
  });

  afterAll(async () => {
    await tab?.close();
    await shop?.stop();
  });

  const main = () => page.getByRole('main');
  const cartLink = () => page.getByRole('banner').getByRole('link', { name: /^Cart/ });
  /** The header's cart link once its name says this ('Cart, 3 items'). */
  const cartLinkSaying = (name: string) => page.getByRole('banner').getByRole('link', { name, exact: true }).waitFor();
  const cartLine = (packSize: string) =>
    main().getByRole('list', { name: 'Cart items' }).getByRole('listitem').filter({ hasText: packSize });
  const storedCart = () =>
    page.evaluate(
      () => JSON.parse(localStorage.getItem('cartItems') ?? 'null') as { cartId: string; outbox: unknown[] } | null,
    );
  const anonymousCart = async () => serverCart(`/api/carts/${(await storedCart())!.cartId}`);
  const fact = (term: string) =>
    main()
      .locator('.product-facts div')
      .filter({ has: page.locator('dt', { hasText: term }) })
      .locator('dd');

  async function addToCart(packSize: string | null, quantity = 1) {
    await page.goto(productDetailHref(ids.kitId, kit.productType));
    if (packSize !== null)
      await main()
        .getByRole('radio', { name: new RegExp(packSize) })
        .check();
    for (let more = quantity; more > 1; more--) await main().getByRole('button', { name: 'Increase quantity' }).click();
    await main().getByRole('button', { name: 'Add to cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Added to your cart' });
    await dialog.getByRole('button', { name: 'Continue shopping' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** Waits until the browser has sent every queued change (its outbox in localStorage is empty). */
  const outboxSent = () =>
    page.waitForFunction(
      () =>
        (JSON.parse(localStorage.getItem('cartItems') ?? '{"outbox":[]}') as { outbox: unknown[] }).outbox.length === 0,
      undefined,
      { timeout: 30_000 },
    );

  it('QA 2: every product card says whether it is in stock, on the home page and the sub-product grid', async () => {
    await page.goto('/');
    for (const list of ['Featured Products', 'Best Sellers']) {
      const cards = main().getByRole('list', { name: list }).getByRole('listitem');
      await cards.first().waitFor();
      expect(await cards.filter({ hasText: kit.productType }).getByText('In Stock', { exact: true }).count()).toBe(1);
      expect(
        await cards.filter({ hasText: soldOut.productType }).getByText('Out of Stock', { exact: true }).count(),
      ).toBe(1);
    }
    await page.screenshot({ path: join(screenshotDir, 'labshop-cards-stock-1280.png'), fullPage: true });
    await page.goto(`/exosome-isolation-kits/${ids.subproductId}`);
    const grid = main().getByRole('list', { name: 'Exosome Isolation Kits' }).getByRole('listitem');
    await grid.first().waitFor();
    expect(await grid.filter({ hasText: soldOut.productType }).getByText('Out of Stock', { exact: true }).count()).toBe(
      1,
    );
    expect(await grid.filter({ hasText: kit.productType }).getByText('In Stock', { exact: true }).count()).toBe(1);
  });

  it('QA 2: an out-of-stock product cannot be added, and the page says why before any click', async () => {
    await page.goto(productDetailHref(ids.soldOutId, soldOut.productType));
    const addToCartButton = main().getByRole('button', { name: 'Add to cart' });
    await addToCartButton.waitFor();
    expect(await addToCartButton.isDisabled()).toBe(true);
    expect(await main().getByText('This product is out of stock.').isVisible()).toBe(true);
    // Screen readers hear the reason with the button.
    const describedBy = await addToCartButton.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe('This product is out of stock.');
    await page.screenshot({ path: join(screenshotDir, 'labshop-out-of-stock-1280.png') });
  });

  it('QA 1: the first pack size is preselected, so Add to cart adds the price shown; a tier keeps the product type', async () => {
    await page.goto(productDetailHref(ids.kitId, kit.productType));
    await fact('Price').waitFor();
    expect(
      await main()
        .getByRole('radio', { name: new RegExp(kit.small.packSize) })
        .isChecked(),
    ).toBe(true);
    expect(await fact('Price').innerText()).toContain(usd(kit.small.cents));
    await main()
      .getByRole('radio', { name: new RegExp(kit.large.packSize) })
      .check();
    expect(await fact('Product type').innerText()).toBe(kit.productType);
    await main()
      .getByRole('radio', { name: new RegExp(kit.small.packSize) })
      .check();

    await main().getByRole('button', { name: 'Add to cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Added to your cart' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(
      new RegExp(`Pack size: ${kit.small.packSize}[\\s\\S]*Quantity: 1[\\s\\S]*\\${usd(kit.small.cents)}`),
    );
    await dialog.getByRole('button', { name: 'Continue shopping' }).click();
    await cartLinkSaying('Cart, 1 item');
  });

  it('adds two pack sizes of one detail; the same option adds up; the badge counts every item and leads to the cart', async () => {
    await addToCart(kit.large.packSize, 2);
    await addToCart(kit.small.packSize);
    expect(await cartLink().innerText()).toContain('4');
    await cartLinkSaying('Cart, 4 items');

    await cartLink().click();
    await page.waitForURL('**/cartaction/show');
    await main().getByRole('heading', { level: 1, name: 'Shopping cart' }).waitFor();
    expect(await main().getByRole('list', { name: 'Cart items' }).getByRole('listitem').count()).toBe(2);
    expect(await cartLine(kit.small.packSize).getByRole('spinbutton').inputValue()).toBe('2');
    expect(await cartLine(kit.large.packSize).getByRole('spinbutton').inputValue()).toBe('2');
    expect(await cartLine(kit.small.packSize).innerText()).toMatch(/Cat No\.:?\s*EXO-10/);
    const subtotal = 2 * kit.small.cents + 2 * kit.large.cents;
    expect(await main().getByRole('region', { name: 'Order summary' }).innerText()).toContain(usd(subtotal));
    await main().getByText('The shipping costs are calculated after entering the address.').waitFor();

    await outboxSent();
    const server = await anonymousCart();
    expect(server.lines.map(({ packSize, quantity }) => ({ packSize, quantity }))).toEqual([
      { packSize: kit.small.packSize, quantity: 2 },
      { packSize: kit.large.packSize, quantity: 2 },
    ]);
  });

  it('steps a quantity up and removes a line, at once and on the server; a reload keeps the cart', async () => {
    await cartLine(kit.large.packSize)
      .getByRole('button', { name: /^Increase quantity of/ })
      .click();
    expect(await cartLine(kit.large.packSize).getByRole('spinbutton').inputValue()).toBe('3');
    // Minimum 1: the decrease button stops there; no upper limit beyond stock here.
    await cartLine(kit.small.packSize)
      .getByRole('button', { name: /^Decrease quantity of/ })
      .click();
    expect(
      await cartLine(kit.small.packSize)
        .getByRole('button', { name: /^Decrease quantity of/ })
        .isDisabled(),
    ).toBe(true);
    await cartLine(kit.small.packSize)
      .getByRole('button', {
        name: `Remove Exosome Isolation Kits, ${kit.productType} · ${kit.small.packSize} from the cart`,
      })
      .click();
    await cartLine(kit.small.packSize).waitFor({ state: 'detached' });
    await cartLinkSaying('Cart, 3 items');

    await outboxSent();
    expect((await anonymousCart()).lines.map(({ packSize, quantity }) => ({ packSize, quantity }))).toEqual([
      { packSize: kit.large.packSize, quantity: 3 },
    ]);

    await page.reload();
    await cartLine(kit.large.packSize).waitFor();
    expect(await cartLine(kit.large.packSize).getByRole('spinbutton').inputValue()).toBe('3');
    await cartLinkSaying('Cart, 3 items');
  });

  it('keeps working while the cart API is unreachable, and syncs once it is back', async () => {
    await page.route('**/api/carts/**', (route) => route.abort('internetdisconnected'));
    await addToCart(kit.small.packSize, 2);
    await cartLinkSaying('Cart, 5 items');
    await cartLink().click();
    await main().getByRole('status').filter({ hasText: 'We cannot reach the shop right now' }).waitFor();
    expect(await cartLine(kit.small.packSize).getByRole('spinbutton').inputValue()).toBe('2');
    expect((await storedCart())!.outbox.length).toBeGreaterThan(0);
    expect((await anonymousCart()).lines).toHaveLength(1);

    await page.unroute('**/api/carts/**');
    await main().getByRole('button', { name: 'Try again' }).click();
    await outboxSent();
    await main()
      .getByRole('status')
      .filter({ hasText: 'We cannot reach the shop right now' })
      .waitFor({ state: 'detached' });
    expect((await anonymousCart()).lines.map(({ packSize, quantity }) => ({ packSize, quantity }))).toEqual([
      { packSize: kit.large.packSize, quantity: 3 },
      { packSize: kit.small.packSize, quantity: 2 },
    ]);
  });

  it('follows a change made to the same cart elsewhere: the next change here brings the whole cart', async () => {
    // Another device (a direct API call) sets the large pack to 4; this tab has not seen it.
    await send('POST', `/api/carts/${(await storedCart())!.cartId}/items/quantity`, {
      commandId: crypto.randomUUID(),
      detailId: ids.kitId,
      packSize: kit.large.packSize,
      quantity: 4,
    });
    expect(await cartLine(kit.large.packSize).getByRole('spinbutton').inputValue()).toBe('3');
    // Stepping the small pack up is answered with a change based on that newer revision, so the tab reads the cart.
    await cartLine(kit.small.packSize)
      .getByRole('button', { name: /^Increase quantity of/ })
      .click();
    await expect.poll(() => cartLine(kit.large.packSize).getByRole('spinbutton').inputValue()).toBe('4');
    expect(await cartLine(kit.small.packSize).getByRole('spinbutton').inputValue()).toBe('3');
    await cartLinkSaying('Cart, 7 items');

    // Back to 3 and 2 for the tests that follow, through the page.
    for (const packSize of [kit.large.packSize, kit.small.packSize])
      await cartLine(packSize)
        .getByRole('button', { name: /^Decrease quantity of/ })
        .click();
    await outboxSent();
    expect((await anonymousCart()).lines.map(({ packSize, quantity }) => ({ packSize, quantity }))).toEqual([
      { packSize: kit.large.packSize, quantity: 3 },
      { packSize: kit.small.packSize, quantity: 2 },
    ]);
  });

  it("shows today's price when the catalogue price changed since the item was added, the old one struck through", async () => {
    await send(
      'PATCH',
      `${details()}/${ids.kitId}`,
      {
        priceTiers: [
          { priceCents: 11_000, packSize: kit.small.packSize, catalogNumber: 'EXO-10' },
          {
            priceCents: 45_000,
            packSize: kit.large.packSize,
            description: kit.large.description,
            catalogNumber: 'EXO-50',
          },
        ],
      },
      adminToken,
    );
    await page.goto('/cartaction/show');
    const changed = main().getByRole('status').filter({ hasText: 'A price changed since you added the item' });
    await changed.waitFor();
    expect(await changed.innerText()).toContain(`now ${usd(9_900)} (was ${usd(kit.small.cents)})`);
    expect(await cartLine(kit.small.packSize).locator('s').innerText()).toContain(usd(kit.small.cents));
    expect(await cartLine(kit.small.packSize).innerText()).toContain(usd(2 * 9_900));
    expect(await main().getByRole('region', { name: 'Order summary' }).innerText()).toContain(
      usd(3 * kit.large.cents + 2 * 9_900),
    );
  });

  it('marks a line the catalogue no longer sells, leaves it out of the subtotal and holds checkout until it is removed', async () => {
    await page.goto(productDetailHref(ids.bufferId, buffer.productType));
    await main().getByRole('button', { name: 'Add to cart' }).click();
    await page
      .getByRole('dialog', { name: 'Added to your cart' })
      .getByRole('button', { name: 'Continue shopping' })
      .click();
    await outboxSent();
    await send('PATCH', `${details()}/${ids.bufferId}`, { visible: false }, adminToken);

    await page.goto('/cartaction/show');
    const gone = cartLine('EXB-1');
    await gone.getByText('No longer available').waitFor();
    const summary = main().getByRole('region', { name: 'Order summary' });
    expect(await summary.innerText()).toContain(usd(3 * kit.large.cents + 2 * 9_900));
    const proceed = summary.getByRole('button', { name: 'Proceed to checkout' });
    expect(await proceed.isDisabled()).toBe(true);
    await summary.getByText('Remove the items that are no longer available to proceed to checkout.').waitFor();

    await gone.getByRole('button', { name: /^Remove/ }).click();
    await summary.getByRole('link', { name: 'Proceed to checkout' }).waitFor();
    await outboxSent();
    expect((await anonymousCart()).lines).toHaveLength(2);
  });

  it('fits a phone: the cart page at 390 px has no sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await cartLine(kit.small.packSize).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(
      await cartLine(kit.small.packSize)
        .getByRole('button', { name: /^Remove/ })
        .isVisible(),
    ).toBe(true);
    await page.screenshot({ path: join(screenshotDir, 'labshop-cart-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: join(screenshotDir, 'labshop-cart-1280.png'), fullPage: true });
  });

  it("merges the anonymous cart into the customer's cart at sign-in (lines add up); signing out starts an empty cart", async () => {
    await send('POST', '/api/auth/register', shopper);
    const deadline = Date.now() + 20_000;
    let link: string | undefined;
    while (link === undefined && Date.now() < deadline) {
      const mail = (await readMailDir(join(shop.dataDir, 'mail'))).find(
        (found) => found.subject === 'Activate your LabShop account',
      );
      link = mail?.text.match(/https?:\/\/\S+\/activate-account\?\S+/)?.[0];
      if (link === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const activation = new URL(link!).searchParams;
    await send('POST', '/api/auth/activate-account', {
      token: activation.get('token'),
      email: activation.get('email'),
    });
    // On another device the customer already has two large kits in their cart.
    const { token } = await send<{ token: string }>('POST', '/api/auth/login', {
      email: shopper.email,
      password: shopper.password,
      rememberMe: false,
    });
    await send(
      'POST',
      '/api/account/cart/items',
      {
        commandId: crypto.randomUUID(),
        detailId: ids.kitId,
        subproductId: ids.subproductId,
        packSize: kit.large.packSize,
        quantity: 2,
      },
      token,
    );

    await page.goto('/signin');
    await page.locator('#signin-email').fill(shopper.email);
    await page.locator('#signin-password').fill(shopper.password);
    await main().getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/my-account');
    await page
      .getByRole('banner')
      .getByRole('link', { name: 'Cart, 7 items', exact: true })
      .waitFor({ timeout: 30_000 });

    await cartLink().click();
    await cartLine(kit.large.packSize).waitFor();
    expect(await cartLine(kit.large.packSize).getByRole('spinbutton').inputValue()).toBe('5');
    expect(await cartLine(kit.small.packSize).getByRole('spinbutton').inputValue()).toBe('2');
    await outboxSent();
    expect(
      (await serverCart('/api/account/cart', token)).lines.map(({ packSize, quantity }) => ({ packSize, quantity })),
    ).toEqual([
      { packSize: kit.large.packSize, quantity: 5 },
      { packSize: kit.small.packSize, quantity: 2 },
    ]);

    // Changes now go to the customer's cart.
    await cartLine(kit.small.packSize)
      .getByRole('button', { name: /^Increase quantity of/ })
      .click();
    await outboxSent();
    expect(
      (await serverCart('/api/account/cart', token)).lines.find((line) => line.packSize === kit.small.packSize)
        ?.quantity,
    ).toBe(3);

    await page.getByRole('banner').getByRole('button', { name: shopper.firstName }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await cartLinkSaying('Cart, empty');
    // The customer's cart stays theirs on the server.
    expect((await serverCart('/api/account/cart', token)).lines).toHaveLength(2);
  });

  it('sends an empty cart home, whether opened empty or emptied by removing its last line', async () => {
    await page.goto('/cartaction/show');
    await page.waitForURL((url) => url.pathname === '/');

    await addToCart(kit.small.packSize);
    await page.goto('/cartaction/show');
    await cartLine(kit.small.packSize)
      .getByRole('button', { name: /^Remove/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/');
    await cartLinkSaying('Cart, empty');
  });

  it('ran without a page error', () => {
    expect(pageErrors).toEqual([]);
  });
});
