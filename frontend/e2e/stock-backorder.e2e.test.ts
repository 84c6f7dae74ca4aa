import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailDir, type ParsedMail } from '@labshop/workers/testing/read-eml';
import { productDetailHref } from '../src/lib/catalogue-links.ts';
import { startTestShop, type TestShop } from '../server/testing/test-shop.ts';
import { openTab, type BrowserTab } from './browser.ts';

const admin = { email: 'stock.admin@labshop.test', password: 'e2e-admin-password' };

/** JSON over HTTP with a bearer token; throws on anything but 2xx. */
async function call<T>(shop: TestShop, method: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${shop.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T;
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

async function mailWhere(shop: TestShop, match: (mail: ParsedMail) => boolean): Promise<ParsedMail> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = (await readMailDir(join(shop.dataDir, 'mail'))).filter(match);
    if (found.length > 0) return found.at(-1)!;
    if (Date.now() > deadline) throw new Error('no such mail after 20 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A customer registered and activated through the API, as the mail's link would. */
async function activeCustomer(shop: TestShop, email: string, password: string) {
  await call(shop, 'POST', '/api/auth/register', {
    title: 'Ms',
    firstName: 'Nadia',
    lastName: 'Okafor',
    email,
    password,
    terms: true,
  });
  const mail = await mailWhere(
    shop,
    (candidate) => candidate.to === email && candidate.subject === 'Activate your LabShop account',
  );
  const link = new URL(/https?:\/\/\S+\/activate-account\?\S+/.exec(mail.text)![0]);
  await call(shop, 'POST', '/api/auth/activate-account', {
    token: link.searchParams.get('token'),
    email: link.searchParams.get('email'),
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  describe(`stock at ${viewport.width} px: more than is available goes on backorder, and says so everywhere`, () => {
    let shop: TestShop;
    let tab: BrowserTab;
    let page: Page;
    let adminToken = '';
    const customer = { email: `nadia.${viewport.width}@example.com`, password: 'lagos-password' };
    const ids = { productId: '', subproductId: '', detailId: '', orderId: '', orderNumber: '' };
    const productType = 'T-75 Flask';

    beforeAll(async () => {
      shop = await startTestShop({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
      adminToken = (await call<{ token: string }>(shop, 'POST', '/api/admin/login', admin)).token;
      ({ productId: ids.productId } = await call<{ productId: string }>(
        shop,
        'POST',
        '/api/admin/catalogue/products',
        { name: 'Cell Culture' },
        adminToken,
      ));
      ({ subproductId: ids.subproductId } = await call<{ subproductId: string }>(
        shop,
        'POST',
        `/api/admin/catalogue/products/${ids.productId}/subproducts`,
        { name: 'Culture Flasks' },
        adminToken,
      ));
      ({ detailId: ids.detailId } = await call<{ detailId: string }>(
        shop,
        'POST',
        `/api/admin/catalogue/products/${ids.productId}/subproducts/${ids.subproductId}/details`,
        { productType, quantity: 3, priceCents: 1_000, catalogNumber: 'FL-75' },
        adminToken,
      ));
      await activeCustomer(shop, customer.email, customer.password);
      tab = await openTab(shop.url, viewport);
      ({ page } = tab);
    });

    afterAll(async () => {
      await tab?.close();
      await shop?.stop();
    });

    const main = () => page.getByRole('main');
    const productPage = () => productDetailHref(ids.detailId, productType);

    it('the product page shows 3 available; the cart takes 5 and says 2 go on backorder', async () => {
      await page.goto(productPage());
      await main().getByText('3 available').waitFor();
      await main().getByRole('button', { name: 'Add to cart' }).click();
      await page
        .getByRole('dialog', { name: 'Added to your cart' })
        .getByRole('link', { name: 'Proceed to checkout' })
        .click();
      await page.waitForURL('**/cartaction/show');
      const line = main()
        .getByRole('list', { name: 'Cart items' })
        .getByRole('listitem')
        .filter({ hasText: productType });
      await line.getByRole('spinbutton').fill('5');
      await line.getByRole('spinbutton').blur();
      await line.getByText('Only 3 available now: 2 will be on backorder').waitFor();
    });

    it('checkout says it again at the address and payment steps', async () => {
      await main().getByRole('link', { name: 'Proceed to checkout' }).click();
      await page.waitForURL('**/order');
      await main().getByRole('tab', { name: 'Sign in' }).click();
      await page.locator('#signin-email').fill(customer.email);
      await page.locator('#signin-password').fill(customer.password);
      await main().getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/customer-address');
      const summary = main().getByRole('region', { name: 'Order summary' });
      await summary.getByText('Only 3 available now: 2 will be on backorder').waitFor();

      await page.getByLabel('Phone number').fill('302 555 0100');
      await page.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Market Street');
      await page.getByLabel('City').fill('Dover');
      await page.getByLabel('State').selectOption('DE');
      await page.getByLabel('Zip code').fill('19901');
      await main().getByRole('button', { name: 'Continue to shipping' }).click();
      await page.waitForURL('**/shipping-method?orderId=*');
      await main()
        .getByRole('form', { name: 'Shipping method' })
        .getByRole('button', { name: 'Continue to payment' })
        .click();
      await page.waitForURL('**/payment-details?orderId=*');
      ids.orderId = new URL(page.url()).searchParams.get('orderId')!;
      await main()
        .getByRole('region', { name: 'Order summary' })
        .getByText('Only 3 available now: 2 will be on backorder')
        .waitFor();
    });

    it('the confirmation, the email and My Orders show 3 reserved and 2 on backorder', async () => {
      await page.getByLabel('Name').fill('Nadia Okafor');
      await page.getByLabel('PO Number').fill('PO-STOCK-1');
      await page.getByLabel('Card Type').selectOption({ label: 'Visa' });
      await page.getByLabel('Card Number').fill('4111111111111111');
      await page.getByLabel('Month').selectOption('12');
      await page.getByLabel('Year').selectOption(String(new Date().getFullYear() + 2));
      await page.getByLabel('CVV').fill('123');
      await main().getByRole('button', { name: 'Continue Payment' }).click();
      await page.waitForURL(`**/order-confirmation/${ids.orderId}`);
      await main().getByText('3 reserved, 2 on backorder').waitFor();
      ids.orderNumber = (
        await main()
          .getByText(/^Order No\./)
          .first()
          .innerText()
      )
        .replace('Order No.', '')
        .split('·')[0]!
        .trim();

      const confirmation = await mailWhere(
        shop,
        (mail) => mail.to === customer.email && mail.subject.startsWith(`Order ${ids.orderNumber} received`),
      );
      expect(confirmation.text).toContain('× 5 at $10.00 (3 reserved, 2 on backorder)');

      await page.goto('/my-order');
      await main().getByRole('article', { name: ids.orderNumber }).getByText('3 reserved, 2 on backorder').waitFor();
      await page.screenshot({ path: join(shop.dataDir, `stock-my-orders-${viewport.width}.png`), fullPage: true });
    });

    it('the storefront count dropped by what was reserved, and a cancel gives it back', async () => {
      await page.goto(productPage());
      await main().getByText('This product is out of stock.').waitFor();
      const cancelled = await call<{ status: string }>(
        shop,
        'POST',
        `/api/admin/orders/${ids.orderId}/cancel`,
        { reason: 'Customer asked' },
        adminToken,
      );
      expect(cancelled.status).toBe('Cancelled');
      await expect
        .poll(
          async () => {
            await page.reload();
            await main().getByRole('button', { name: 'Add to cart' }).waitFor();
            return main().getByText('3 available').count();
          },
          { timeout: 15_000, interval: 500 },
        )
        .toBe(1);
    });
  });
}
