import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readMailDir } from '@labshop/workers/testing/read-eml';
import { startTestShop, type TestShop } from '../server/testing/test-shop.ts';
import { apiClient } from '../server/testing/api-client.ts';
import { openTab, type BrowserTab } from './browser.ts';

const admin = { email: 'exemption.admin@labshop.test', password: 'exemption-admin-password' };
const shopper = {
  firstName: 'Teresa',
  lastName: 'Okafor',
  email: 'teresa.okafor@example.com',
  password: 'austin-lab-password',
};
const screenshotDir = process.env.E2E_SCREENSHOT_DIR ?? tmpdir();
const subtotalCents = 2 * 10_000;
/** Texas 8.20% (820 basis points) of $200.00. */
const texasTaxCents = 1_640;
const usd = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('tax exemption in the browser: checkout charges tax until staff verify the certificate the customer filed', () => {
  let shop: TestShop;
  let customerTab: BrowserTab;
  let staffTab: BrowserTab;
  let page: Page;

  beforeAll(async () => {
    shop = await startTestShop({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    const api = apiClient(shop.url);
    const adminToken = (await api.ok<{ token: string }>('POST', '/api/admin/login', admin)).token;
    const { productId } = await api.ok<{ productId: string }>(
      'POST',
      '/api/admin/catalogue/products',
      { name: 'Buffers' },
      adminToken,
    );
    const { subproductId } = await api.ok<{ subproductId: string }>(
      'POST',
      `/api/admin/catalogue/products/${productId}/subproducts`,
      { name: 'PBS' },
      adminToken,
    );
    const { detailId } = await api.ok<{ detailId: string }>(
      'POST',
      `/api/admin/catalogue/products/${productId}/subproducts/${subproductId}/details`,
      { productType: 'PBS 1 l', quantity: 10, priceCents: 10_000, catalogNumber: 'PBS-1' },
      adminToken,
    );
    await api.ok('POST', '/api/auth/register', { title: 'Ms', ...shopper, newsletter: false, terms: true });
    let link: URL | undefined;
    for (
      const deadline = Date.now() + 20_000;
      !link && Date.now() < deadline;
      await new Promise((resolve) => setTimeout(resolve, 100))
    ) {
      const text = (await readMailDir(join(shop.dataDir, 'mail'))).find((mail) => mail.to === shopper.email)?.text;
      const found = text?.match(/https?:\/\/\S+\/activate-account\?\S+/)?.[0];
      if (found) link = new URL(found);
    }
    if (!link) throw new Error('no activation mail after 20 s');
    await api.ok('POST', '/api/auth/activate-account', {
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
    });
    const { token } = await api.ok<{ token: string }>('POST', '/api/auth/login', {
      email: shopper.email,
      password: shopper.password,
    });
    await api.ok(
      'POST',
      '/api/account/cart/items',
      { commandId: crypto.randomUUID(), detailId, subproductId, packSize: null, quantity: 2 },
      token,
    );

    customerTab = await openTab(shop.url, { width: 390, height: 844 });
    staffTab = await openTab(shop.url);
    page = customerTab.page;
    for (const tab of [customerTab, staffTab]) {
      await tab.page.addInitScript((position) => {
        if (sessionStorage.getItem('labshop.position') === null) sessionStorage.setItem('labshop.position', position);
      }, api.newestPosition());
    }
  }, 60_000);

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail')
      await page?.screenshot({
        path: join(screenshotDir, `labshop-tax-exemption-failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}.png`),
        fullPage: true,
      });
  });

  afterAll(async () => {
    await customerTab?.close();
    await staffTab?.close();
    await shop?.stop();
  });

  const main = (on: Page = page) => on.getByRole('main');
  const shows = (locator: Locator, text: string) => expect.poll(() => locator.innerText()).toBe(text);
  const summaryRow = (label: string) =>
    main()
      .getByRole('region', { name: 'Order summary' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
  const notice = () => main().getByTestId('tax-exemption-notice');

  /** Checkout's address step, filled for `state`; the summary follows the state. */
  async function addressFor(state: 'TX' | 'LA') {
    await page.goto('/customer-address');
    await main().getByRole('heading', { level: 1, name: 'Address details' }).waitFor();
    await page.getByLabel('Phone number').fill('+1 512 555 0142');
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('200 Congress Ave');
    await page.getByLabel('City').fill(state === 'TX' ? 'Austin' : 'New Orleans');
    await page.getByLabel('State').selectOption(state);
    await page.getByLabel('Zip code').fill(state === 'TX' ? '73301' : '70112');
  }

  it('signs in and checks out: no Tax Exempt Number to type, tax charged, and the notice says how exemption works', async () => {
    await page.goto('/signin');
    await page.locator('#signin-email').fill(shopper.email);
    await page.locator('#signin-password').fill(shopper.password);
    await main().getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/signin');
    await addressFor('TX');
    expect(await page.getByLabel(/Tax Exempt Number/).count()).toBe(0);
    await shows(summaryRow('Sales tax (TX 8.20%)').getByRole('cell'), usd(texasTaxCents));
    await shows(summaryRow('Total').getByRole('cell'), usd(subtotalCents + texasTaxCents));
    await shows(
      notice(),
      'Tax exempt? File your exemption certificate under My Account. Sales tax is charged until our staff have verified it.',
    );
  });

  it('files a certificate under My Account (a PDF is checked by its bytes); checkout still charges tax while it is under review', async () => {
    await page.goto('/my-account');
    const section = main().getByRole('region', { name: 'Tax exemption' });
    await section.getByLabel('Issuing state').selectOption('TX');
    await section.getByLabel('Certificate number').fill('N/A');
    await section.getByRole('button', { name: 'File certificate' }).click();
    await section.getByText('Certificate number must be 4 to 20 letters').waitFor();
    await section.getByLabel('Certificate number').fill('tx-1234567');
    await section.getByLabel('Certificate PDF (optional, up to 5 MB)').setInputFiles({
      name: 'certificate.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<html>not a pdf</html>'),
    });
    await section.getByRole('button', { name: 'File certificate' }).click();
    await section.getByText('The certificate must be a PDF file').waitFor();
    await section.getByLabel('Certificate PDF (optional, up to 5 MB)').setInputFiles({
      name: 'certificate.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
    });
    await section.getByRole('button', { name: 'File certificate' }).click();
    await shows(
      section.getByTestId('tax-exemption-status'),
      'Certificate TX-1234567 (Texas, PDF attached): Under review: orders are charged sales tax until our staff have verified it.',
    );

    await addressFor('TX');
    await shows(
      notice(),
      'Your tax exemption certificate TX-1234567 (Texas) is under review: sales tax is charged until our staff have verified it.',
    );
    await shows(summaryRow('Sales tax (TX 8.20%)').getByRole('cell'), usd(texasTaxCents));
    await page.screenshot({ path: join(screenshotDir, 'labshop-checkout-exemption-under-review.png'), fullPage: true });
  });

  it('staff verify it in the back office; checkout then charges no tax for Texas, and still charges Louisiana', async () => {
    const staff = staffTab.page;
    await staff.goto('/admin/login');
    await staff.getByLabel('Email').fill(admin.email);
    await staff.getByLabel('Password', { exact: true }).fill(admin.password);
    await staff.getByRole('button', { name: 'Log in' }).click();
    await staff.waitForURL('**/admin');
    await staff.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Tax exemptions' }).click();
    const item = main(staff).getByRole('listitem', { name: `Certificate TX-1234567 of ${shopper.email}` });
    await item.getByRole('button', { name: 'Download certificate PDF' }).waitFor();
    await item.getByRole('button', { name: 'Verify' }).click();
    await main(staff).getByText('No certificate is waiting for review.').waitFor();

    await addressFor('TX');
    await shows(
      notice(),
      'Tax exempt: certificate TX-1234567 (Texas) is verified. Orders shipped to Texas are charged no sales tax.',
    );
    await shows(summaryRow('Sales tax (exempt: TX-1234567)').getByRole('cell'), '$0.00');
    await shows(summaryRow('Total').getByRole('cell'), usd(subtotalCents));
    await page.screenshot({ path: join(screenshotDir, 'labshop-checkout-exemption-verified.png'), fullPage: true });

    await page.getByLabel('State').selectOption('LA');
    await shows(
      notice(),
      'Your verified certificate TX-1234567 is for Texas: orders shipped to Louisiana are charged its sales tax.',
    );
    await shows(summaryRow('Sales tax (LA 10.12%)').getByRole('cell'), usd(2_024));

    // The order placed for Texas is tax free on the server too.
    await page.getByLabel('State').selectOption('TX');
    await page.getByLabel('Zip code').fill('73301');
    await main().getByRole('button', { name: 'Continue to shipping' }).click();
    await page.waitForURL('**/shipping-method?orderId=*');
    await main()
      .getByRole('form', { name: 'Shipping method' })
      .getByRole('button', { name: 'Continue to payment' })
      .click();
    await page.waitForURL('**/payment-details?orderId=*');
    await shows(summaryRow('Sales tax (exempt: TX-1234567)').getByRole('cell'), '$0.00');
    // Ground ($14.95), untaxed like the goods.
    await shows(summaryRow('Shipping (Ground)').getByRole('cell'), '$14.95');
    await shows(summaryRow('Total').getByRole('cell'), usd(subtotalCents + 1_495));
    expect(customerTab.pageErrors).toEqual([]);
    expect(staffTab.pageErrors).toEqual([]);
  });

  it('a certificate filed anew is rejected by staff with a reason (asked for beside the field), which the customer reads', async () => {
    await page.goto('/my-account');
    const section = main().getByRole('region', { name: 'Tax exemption' });
    await section.getByLabel('Issuing state').selectOption('TX');
    await section.getByLabel('Certificate number').fill('TX-7654321');
    await section.getByRole('button', { name: 'File a new certificate' }).click();
    await section.getByText('Certificate filed. We will review it; until then orders are charged sales tax.').waitFor();

    const staff = staffTab.page;
    await staff.reload();
    const item = main(staff).getByRole('listitem', { name: `Certificate TX-7654321 of ${shopper.email}` });
    await item.getByRole('button', { name: 'Reject…' }).click();
    const reject = item.getByRole('form', { name: 'Reject the certificate' });
    await reject.getByRole('button', { name: 'Reject' }).click();
    await reject.getByText('Reason is required').waitFor();
    await reject.getByLabel(/^Reason/).fill('The certificate has expired');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await main(staff).getByText('No certificate is waiting for review.').waitFor();

    await page.reload();
    await shows(
      section.getByTestId('tax-exemption-status'),
      'Certificate TX-7654321 (Texas): Not accepted: orders are charged sales tax. You can file another certificate below. Reason: The certificate has expired',
    );
    expect(customerTab.pageErrors).toEqual([]);
    expect(staffTab.pageErrors).toEqual([]);
  });
});
