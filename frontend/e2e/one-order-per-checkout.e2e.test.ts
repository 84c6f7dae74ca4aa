import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailDir } from '@labshop/workers/testing/read-eml';
import { productDetailHref } from '../src/lib/catalogue-links.ts';
import { startTestShop, type TestShop } from '../server/testing/test-shop.ts';
import { openTab, type BrowserTab } from './browser.ts';

const admin = { email: 'checkout.admin@labshop.test', password: 'e2e-admin-password' };

async function call<T>(shop: TestShop, method: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${shop.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as T;
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  describe(`one order per checkout at ${viewport.width} px: Back and Continue, a second client, then Pay now or Cancel from My Orders`, () => {
    let shop: TestShop;
    let tab: BrowserTab;
    let page: Page;
    const customer = { email: `omar.${viewport.width}@example.com`, password: 'checkout-password' };
    const ids = { detailId: '', orderId: '' };
    const productType = 'Nitrile Gloves';
    let customerToken = '';

    beforeAll(async () => {
      shop = await startTestShop({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
      const adminToken = (await call<{ token: string }>(shop, 'POST', '/api/admin/login', admin)).token;
      const { productId } = await call<{ productId: string }>(
        shop,
        'POST',
        '/api/admin/catalogue/products',
        { name: 'Lab Consumables' },
        adminToken,
      );
      const { subproductId } = await call<{ subproductId: string }>(
        shop,
        'POST',
        `/api/admin/catalogue/products/${productId}/subproducts`,
        { name: 'Gloves' },
        adminToken,
      );
      ({ detailId: ids.detailId } = await call<{ detailId: string }>(
        shop,
        'POST',
        `/api/admin/catalogue/products/${productId}/subproducts/${subproductId}/details`,
        { productType, quantity: 50, priceCents: 1_500, catalogNumber: 'GL-M' },
        adminToken,
      ));
      await call(shop, 'POST', '/api/auth/register', {
        title: 'Mr',
        firstName: 'Omar',
        lastName: 'Haddad',
        email: customer.email,
        password: customer.password,
        terms: true,
      });
      let link: URL | undefined;
      for (let tries = 0; !link && tries < 200; tries++) {
        const mail = (await readMailDir(join(shop.dataDir, 'mail'))).find(
          (candidate) => candidate.to === customer.email,
        );
        const found = mail && /https?:\/\/\S+\/activate-account\?\S+/.exec(mail.text)?.[0];
        if (found) link = new URL(found);
        else await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await call(shop, 'POST', '/api/auth/activate-account', {
        token: link!.searchParams.get('token'),
        email: link!.searchParams.get('email'),
      });
      customerToken = (await call<{ token: string }>(shop, 'POST', '/api/auth/login', customer)).token;
      tab = await openTab(shop.url, viewport);
      ({ page } = tab);
    });

    afterAll(async () => {
      await tab?.close();
      await shop?.stop();
    });

    const main = (on: Page = page) => on.getByRole('main');
    const myOrders = async () =>
      (
        await call<{ orders: { orderId: string; status: string }[] }>(
          shop,
          'GET',
          '/api/account/orders?pageSize=50',
          undefined,
          customerToken,
        )
      ).orders;

    async function signIn(on: Page) {
      await main(on).getByRole('tab', { name: 'Sign in' }).click();
      await on.locator('#signin-email').fill(customer.email);
      await on.locator('#signin-password').fill(customer.password);
      await main(on).getByRole('button', { name: 'Sign in', exact: true }).click();
      await on.waitForURL('**/customer-address');
    }

    async function fillAddress(on: Page) {
      await on.getByLabel('Phone number').fill('617 555 0100');
      await on.getByRole('textbox', { name: 'Address', exact: true }).fill('77 Mass Ave');
      await on.getByLabel('City').fill('Cambridge');
      await on.getByLabel('State').selectOption('MA');
      await on.getByLabel('Zip code').fill('02139');
    }

    /** Through the shipping step (its form, as the lazy route may still show the address page) to the payment step. */
    async function continueToPayment(on: Page) {
      await main(on).getByRole('button', { name: 'Continue to shipping' }).click();
      await on.waitForURL('**/shipping-method?orderId=*');
      await main(on)
        .getByRole('form', { name: 'Shipping method' })
        .getByRole('button', { name: 'Continue to payment' })
        .click();
      await on.waitForURL('**/payment-details?orderId=*');
      await main(on).getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
      return new URL(on.url()).searchParams.get('orderId')!;
    }

    it('Back from payment and Continue again, and a second client placing the same cart, all land on the one order', async () => {
      await page.goto(productDetailHref(ids.detailId, productType));
      await main().getByRole('button', { name: 'Add to cart' }).click();
      await page
        .getByRole('dialog', { name: 'Added to your cart' })
        .getByRole('link', { name: 'Proceed to checkout' })
        .click();
      await page.waitForURL('**/cartaction/show');
      await main().getByRole('link', { name: 'Proceed to checkout' }).click();
      await page.waitForURL('**/order');
      await signIn(page);
      await fillAddress(page);
      ids.orderId = await continueToPayment(page);

      await page.goBack();
      await page.waitForURL('**/shipping-method?orderId=*');
      await main()
        .getByRole('form', { name: 'Shipping method' })
        .getByRole('link', { name: 'Back to address' })
        .click();
      await page.waitForURL('**/customer-address');
      await page.getByLabel('Phone number').fill('617 555 0199');
      // The address as it was sent is there again.
      expect(await page.getByLabel('City').inputValue()).toBe('Cambridge');
      expect(await continueToPayment(page)).toBe(ids.orderId);

      // A second tab of the same customer (its own idempotency key, the same cart) places the same checkout.
      const cart = await call<{ subtotalCents: number }>(shop, 'GET', '/api/account/cart', undefined, customerToken);
      const address = {
        firstName: 'Omar',
        lastName: 'Haddad',
        email: customer.email,
        phone: '617 555 0100',
        address1: '77 Mass Ave',
        city: 'Cambridge',
        state: 'MA',
        zipCode: '02139',
      };
      const secondTab = await call<{ orderId: string }>(
        shop,
        'POST',
        '/api/account/orders',
        {
          idempotencyKey: crypto.randomUUID(),
          address,
          shippingMethod: 'ground',
          expectedSubtotalCents: cart.subtotalCents,
        },
        customerToken,
      );
      expect(secondTab.orderId).toBe(ids.orderId);

      expect(await myOrders()).toEqual([expect.objectContaining({ orderId: ids.orderId, status: 'Awaiting payment' })]);
    });

    it('My Orders offers Pay now, which goes back to the payment of that order, and Cancel', async () => {
      await page.goto('/my-order');
      const unpaid = main().getByRole('group', { name: /^Unpaid order/ });
      await unpaid.getByRole('link', { name: 'Pay now' }).click();
      await page.waitForURL(`**/payment-details?orderId=${ids.orderId}`);
      await main().getByRole('button', { name: 'Continue Payment' }).waitFor();

      await page.goto('/my-order');
      await main()
        .getByRole('group', { name: /^Unpaid order/ })
        .getByRole('button', { name: 'Cancel order' })
        .click();
      await main().getByRole('button', { name: 'Yes, cancel this order' }).click();
      await main().getByText('Cancelled by the customer before payment').waitFor();
      expect(
        await main()
          .getByRole('group', { name: /^Unpaid order/ })
          .count(),
      ).toBe(0);
      expect(await myOrders()).toEqual([expect.objectContaining({ orderId: ids.orderId, status: 'Cancelled' })]);
    });
  });
}
