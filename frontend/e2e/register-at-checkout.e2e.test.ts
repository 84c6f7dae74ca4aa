import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailDir, type ParsedMail } from '@labshop/workers/testing/read-eml';
import { productDetailHref } from '../src/lib/catalogue-links.ts';
import { startTestShop, type TestShop } from '../server/testing/test-shop.ts';
import { openTab, type BrowserTab } from './browser.ts';

const admin = { email: 'return.admin@labshop.test', password: 'e2e-admin-password' };

/** JSON over HTTP with a bearer token; throws on anything but 2xx. */
async function call<T>(shop: TestShop, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${shop.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T;
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** The newest activation mail to this address in the shop's local mail folder, waiting for the worker to write it. */
async function activationMailTo(shop: TestShop, to: string): Promise<ParsedMail> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = (await readMailDir(join(shop.dataDir, 'mail'))).filter(
      (mail) => mail.to === to && mail.subject === 'Activate your LabShop account',
    );
    if (found.length > 0) return found.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no activation mail to ${to} after 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const products = [
  { productType: 'T-75 Flask', catalogNumber: 'RT-75', priceCents: 1_000, quantity: 2, lineTotal: '$20.00' },
  { productType: 'T-25 Flask', catalogNumber: 'RT-25', priceCents: 450, quantity: 1, lineTotal: '$4.50' },
] as const;

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  describe(`at ${viewport.width} px a new customer registers inside checkout, activates from the mail and comes back to the address step with the cart`, () => {
    let shop: TestShop;
    let tab: BrowserTab;
    let page: Page;
    const detailIds: string[] = [];
    const customer = { email: `returning.${viewport.width}@example.com`, password: 'checkout-password' };

    beforeAll(async () => {
      shop = await startTestShop({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
      const adminToken = (await call<{ token: string }>(shop, '/api/admin/login', admin)).token;
      const { productId } = await call<{ productId: string }>(
        shop,
        '/api/admin/catalogue/products',
        { name: 'Cell Culture' },
        adminToken,
      );
      const { subproductId } = await call<{ subproductId: string }>(
        shop,
        `/api/admin/catalogue/products/${productId}/subproducts`,
        { name: 'Culture Flasks' },
        adminToken,
      );
      for (const { productType, catalogNumber, priceCents } of products) {
        const { detailId } = await call<{ detailId: string }>(
          shop,
          `/api/admin/catalogue/products/${productId}/subproducts/${subproductId}/details`,
          { productType, quantity: 50, priceCents, catalogNumber },
          adminToken,
        );
        detailIds.push(detailId);
      }
      tab = await openTab(shop.url, viewport);
      ({ page } = tab);
    });

    afterAll(async () => {
      await tab?.close();
      await shop?.stop();
    });

    const main = () => page.getByRole('main');

    it('fills a cart signed out and goes to checkout', async () => {
      for (const [index, { productType }] of products.entries()) {
        await page.goto(productDetailHref(detailIds[index]!, productType));
        await main().getByRole('button', { name: 'Add to cart' }).click();
        await page.getByRole('dialog', { name: 'Added to your cart' }).waitFor();
      }
      await page.goto('/cartaction/show');
      const items = main().getByRole('list', { name: 'Cart items' });
      const first = items.getByRole('listitem').filter({ hasText: products[0].productType });
      await first.getByRole('spinbutton').fill(String(products[0].quantity));
      await first.getByRole('spinbutton').blur();
      await first.getByText(products[0].lineTotal).waitFor();
      await main().getByRole('link', { name: 'Proceed to checkout' }).click();
      await page.waitForURL('**/order');
    });

    it('registers at /order and is told to activate from the mail and that the checkout waits', async () => {
      await main().getByRole('tab', { name: 'Create an account' }).click();
      await page.getByLabel('Ms', { exact: true }).check();
      await page.getByLabel('First name').fill('Rita');
      await page.getByLabel('Last name').fill('Levi');
      await page.locator('#register-email').fill(customer.email);
      await page.locator('#register-password').fill(customer.password);
      await page.getByLabel('I agree to the terms and conditions and the privacy policy').check();
      await main().getByRole('button', { name: 'Create account' }).click();
      await page
        .getByRole('status')
        .filter({
          hasText:
            'open the activation link we sent to your email, then sign in, and you will come back to your checkout with your cart',
        })
        .waitFor();
      await page.screenshot({ path: join(shop.dataDir, `register-at-checkout-${viewport.width}.png`), fullPage: true });
    });

    it('opens the mailed activation link, which carries the way back, and signs in there', async () => {
      const mail = await activationMailTo(shop, customer.email);
      const link = /https?:\/\/\S+\/activate-account\?\S+/.exec(mail.text)?.[0];
      expect(link).toBeDefined();
      expect(new URL(link!).searchParams.get('returnTo')).toBe('/order');

      await page.goto(link!);
      await page.getByRole('status').filter({ hasText: 'Account activated successfully! Redirecting...' }).waitFor();
      await page.waitForURL((url) => url.pathname === '/signin' && url.searchParams.get('returnTo') === '/order');
      await page
        .getByRole('status')
        .filter({ hasText: 'Sign in to continue where you left off: your cart is waiting.' })
        .waitFor();

      await page.locator('#signin-email').fill(customer.email);
      await page.locator('#signin-password').fill(customer.password);
      await main().getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/customer-address');
    });

    it('lands on the address step with the same cart lines', async () => {
      await page.getByLabel('Zip code').waitFor();
      const summary = main().getByRole('region', { name: 'Order summary' });
      for (const { productType, quantity, lineTotal } of products) {
        const row = summary.getByRole('row').filter({ hasText: productType });
        await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
        const cells = await row.getByRole('cell').allInnerTexts();
        expect(cells.map((cell) => cell.trim())).toEqual([String(quantity), lineTotal]);
      }
      await summary.getByText('$24.50').first().waitFor();
      await page.screenshot({ path: join(shop.dataDir, `back-at-address-${viewport.width}.png`), fullPage: true });
    });
  });
}
