import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../server/testing/test-shop.ts';
import { openTab, type BrowserTab } from './browser.ts';
import { png } from './png.ts';

const admin = { email: 'catalogue.editor@labshop.test', password: 'e2e-admin-password' };
const screenshotDir = process.env.E2E_SCREENSHOT_DIR ?? tmpdir();

/** A minimal valid one-page PDF, its cross-reference offsets computed rather than guessed. */
function minimalPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

describe('catalogue manager: an admin builds product › subproduct › detail, orders it and reads its history', () => {
  let shop: TestShop;
  let tab: BrowserTab;
  let page: Page;
  let pageErrors: string[] = [];
  const confirmations: string[] = [];
  let productId = '';
  let detailId = '';

  beforeAll(async () => {
    shop = await startTestShop({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    tab = await openTab(shop.url, { width: 1440, height: 1000 });
    ({ page, pageErrors } = tab);
    page.setDefaultTimeout(10_000);
    page.on('dialog', (dialog) => {
      confirmations.push(dialog.message());
      void dialog.accept();
    });
  });

  afterAll(async () => {
    await tab?.close();
    await shop?.stop();
  });

  const column = (name: string) => page.getByRole('region', { name, exact: true });
  const detailForm = () => page.getByRole('form', { name: /detail/i });
  const toast = (text: string) => page.getByRole('status').filter({ hasText: text });
  const field = (name: string, role: 'textbox' | 'spinbutton' | 'combobox' = 'textbox') =>
    detailForm().getByRole(role, { name, exact: true });
  const screenshot = (name: string) =>
    page.screenshot({ path: join(screenshotDir, `labshop-${name}.png`), fullPage: true });

  /** Reads the API as the browser's admin session does, waiting for the newest write it made. */
  async function read<T>(path: string): Promise<T> {
    const session = await page.evaluate(() => ({
      token: sessionStorage.getItem('labshop.adminToken'),
      position: sessionStorage.getItem('labshop.position'),
    }));
    const headers: Record<string, string> = {};
    if (session.token !== null) headers.authorization = `Bearer ${session.token}`;
    if (session.position !== null) headers['x-labshop-position'] = session.position;
    const response = await page.request.get(path, { headers });
    expect(response.status(), `GET ${path}`).toBe(200);
    return (await response.json()) as T;
  }

  async function addNamed(columnName: string, noun: string, name: string) {
    await column(columnName)
      .getByRole('button', { name: `Add ${noun}` })
      .click();
    await column(columnName)
      .getByRole('textbox', { name: `${noun[0]!.toUpperCase()}${noun.slice(1)} name` })
      .fill(name);
    await column(columnName).getByRole('button', { name: 'Save', exact: true }).click();
    await toast(`“${name}” added.`).waitFor();
  }

  const names = (list: Locator) => list.getByRole('listitem').locator('.catalogue-row__select').allInnerTexts();

  it('logs in (after a wrong password, which the audit log keeps) and builds a product with two subproducts', async () => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill('not-the-password-42');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Invalid email or password').waitFor();
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    // An admin lands on the product upload (the spec); the catalogue manager is one link away.
    await page.waitForURL('**/admin');
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Catalogue manager' })
      .click();
    await page.waitForURL('**/admin/catalogue');

    await column('Subproducts').getByText('Select a product to see its subproducts.').waitFor();
    await addNamed('Products', 'product', 'Cell Culture');
    await column('Products').getByRole('button', { name: 'Cell Culture', exact: true }).click();
    await column('Subproducts').getByText('No subproducts yet').waitFor();

    await addNamed('Subproducts', 'subproduct', 'Culture Media');
    await addNamed('Subproducts', 'subproduct', 'Sera');
    expect(await names(column('Subproducts'))).toEqual(['Culture Media', 'Sera']);

    await column('Subproducts').getByRole('button', { name: 'Culture Media', exact: true }).click();
    await column('Details').getByText('No details yet').waitFor();
  });

  it('refuses an incomplete detail with the server’s wording next to each field', async () => {
    await field('Price (USD)').fill('12.345');
    await detailForm().getByRole('button', { name: 'Add price tier' }).click();
    await detailForm().getByRole('button', { name: 'Add detail' }).click();

    await detailForm().getByText('Please fill all required fields correctly').waitFor();
    expect(await field('Product type', 'combobox').getAttribute('aria-invalid')).toBe('true');
    await detailForm().getByText('Product type is required').waitFor();
    await detailForm().getByText('Valid quantity is required (min 0)').waitFor();
    await detailForm().getByText('Pack size is required').waitFor();
    // Focus goes to the first field that says why.
    expect(await field('Product type', 'combobox').evaluate((input) => input === document.activeElement)).toBe(true);

    await detailForm().getByRole('button', { name: 'Clear' }).click();
    expect(await detailForm().getByText('Product type is required').count()).toBe(0);
    expect(await detailForm().getByRole('button', { name: 'Remove price tier 1' }).count()).toBe(0);
  });

  it('adds a detail with two price tiers, rich contents, an image and a PDF', async () => {
    await field('Product type', 'combobox').fill('500 mL Bottle');
    await field('Catalog number').fill('CCM-500');
    await field('Quantity in stock', 'spinbutton').fill('25');
    await field('Price (USD)').fill('45.50');
    await field('Discount (%)', 'spinbutton').fill('10');
    await field('Inner package id').fill('PKG-7');
    await field('Product URL').fill('https://example.com/media/ccm-500');

    await detailForm().getByRole('button', { name: 'Add price tier' }).click();
    await field('Tier 1 Price (USD)').fill('40');
    await field('Tier 1 Pack size').fill('6 bottles');
    await field('Tier 1 Description').fill('Case of 6');
    await field('Tier 1 Catalog number').fill('CCM-500-6');
    await detailForm().getByRole('button', { name: 'Add price tier' }).click();
    // Adding a tier puts the caret straight into its price.
    expect(await field('Tier 2 Price (USD)').evaluate((input) => input === document.activeElement)).toBe(true);
    await field('Tier 2 Price (USD)').fill('35.5');
    await field('Tier 2 Pack size').fill('12 bottles');
    await field('Tier 2 Catalog number').fill('CCM-500-12');

    await detailForm().getByLabel('Bestseller').check();
    await detailForm().getByLabel('Featured', { exact: true }).check();
    await detailForm().getByLabel('Featured text').fill('New serum-free formula');

    const contents = detailForm().getByRole('textbox', { name: 'Contents' });
    await contents.click();
    await page.keyboard.type('Serum-free medium for ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('HEK293');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' cells.');

    await detailForm()
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'ccm-bottle.png', mimeType: 'image/png', buffer: png(4) });
    await detailForm().getByRole('img', { name: 'Preview of ccm-bottle.png' }).waitFor();
    await detailForm()
      .getByLabel('Manual (PDF)', { exact: true })
      .setInputFiles({ name: 'ccm-manual.pdf', mimeType: 'application/pdf', buffer: minimalPdf() });
    await screenshot('admin-detail-form');

    await detailForm().getByRole('button', { name: 'Add detail' }).click();
    await toast('Detail “500 mL Bottle” added.').waitFor();

    const row = column('Details').getByRole('row').filter({ hasText: '500 mL Bottle' });
    await expect
      .poll(() => row.getByRole('cell').allInnerTexts())
      .toEqual([
        '25',
        // Two tiers, neither at $45.50: the manager says that price is not sold on its own.
        expect.stringMatching(
          /^\$45\.50\s+10% off: \$40\.95\s+Not sold on its own: shoppers choose one of the price tiers$/,
        ),
        '',
        expect.stringContaining('Edit'),
      ]);
    const thumbnail = row.getByRole('img', { name: '500 mL Bottle: ccm-bottle.png' });
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(4);
    // Back to an empty form, ready for the next detail; the new type is now offered as a choice.
    expect(await field('Product type', 'combobox').inputValue()).toBe('');
    expect(
      await detailForm()
        .locator('datalist option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)),
    ).toEqual(['500 mL Bottle']);

    const { products } = await read<{ products: { productId: string }[] }>('/api/admin/catalogue/products');
    productId = products[0]!.productId;
    const product = await read<{ subproducts: { subproductId: string; name: string }[] }>(
      `/api/admin/catalogue/products/${productId}`,
    );
    const subproductId = product.subproducts.find((subproduct) => subproduct.name === 'Culture Media')!.subproductId;
    const list = await read<{ details: { detailId: string }[] }>(
      `/api/admin/catalogue/products/${productId}/subproducts/${subproductId}/details`,
    );
    detailId = list.details[0]!.detailId;

    // The storefront sees exactly what was typed: cents on the wire, the tiers, the sanitised contents, the files.
    const shown = await read<{
      price: { cents: number; listFormatted: string; percentOff: number };
      priceTiers: { packSize: string; description: string; catalogNumber: string; price: { listFormatted: string } }[];
      contents: string;
      image: { url: string };
      documents: { manual: { url: string; name: string } | null; flyer: unknown };
      productUrl: string;
    }>(`/api/catalogue/details/${detailId}`);
    expect(shown.price).toMatchObject({ cents: 4095, listFormatted: '$45.50', percentOff: 10 });
    expect(
      shown.priceTiers.map((tier) => [tier.price.listFormatted, tier.packSize, tier.description, tier.catalogNumber]),
    ).toEqual([
      ['$40.00', '6 bottles', 'Case of 6', 'CCM-500-6'],
      ['$35.50', '12 bottles', '', 'CCM-500-12'],
    ]);
    expect(shown.contents).toBe('<p>Serum-free medium for <strong>HEK293</strong> cells.</p>');
    expect(shown.productUrl).toBe('https://example.com/media/ccm-500');
    expect(shown.documents.manual?.name).toBe('ccm-manual.pdf');
    expect(shown.documents.flyer).toBeNull();
    const pdf = await page.request.get(shown.documents.manual!.url);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows the saved contents in the preview dialog and closes it with Escape', async () => {
    const preview = column('Details').getByRole('button', { name: 'Preview content of 500 mL Bottle' });
    await preview.click();
    const dialog = page.getByRole('dialog', { name: 'Content of 500 mL Bottle' });
    expect(await dialog.locator('.rich-content strong').innerText()).toBe('HEK293');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await preview.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it('edits the detail: loads every field back, sends only what changed', async () => {
    await column('Details').getByRole('button', { name: 'Edit 500 mL Bottle' }).click();
    await page.getByRole('heading', { name: 'Edit detail: 500 mL Bottle' }).waitFor();
    expect(await field('Price (USD)').inputValue()).toBe('45.50');
    expect(await field('Tier 2 Price (USD)').inputValue()).toBe('35.50');
    expect(await detailForm().getByLabel('Bestseller').isChecked()).toBe(true);
    await detailForm().getByRole('link', { name: 'ccm-manual.pdf' }).waitFor();

    expect(
      await detailForm()
        .getByLabel(/Ships on dry ice/)
        .isChecked(),
    ).toBe(false);
    await field('Price (USD)').fill('49.99');
    await field('Quantity in stock', 'spinbutton').fill('30');
    await detailForm().getByRole('button', { name: 'Remove price tier 1' }).click();
    // Serum ships frozen: orders holding it pay the checkout's cold-chain surcharge.
    await detailForm()
      .getByLabel(/Ships on dry ice/)
      .check();
    await detailForm().getByRole('button', { name: 'Update detail' }).click();
    await toast('Detail “500 mL Bottle” updated.').waitFor();
    await page.getByRole('heading', { name: 'Add detail' }).waitFor();
    const row = column('Details').getByRole('row').filter({ hasText: '500 mL Bottle' });
    expect(await row.getByRole('cell').first().innerText()).toBe('30');
  });

  it("refuses an image that is really a PDF, and with it the whole update, with the server's message next to the image input", async () => {
    await column('Details').getByRole('button', { name: 'Edit 500 mL Bottle' }).click();
    await field('Quantity in stock', 'spinbutton').fill('31');
    await detailForm()
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'sneaky.png', mimeType: 'image/png', buffer: minimalPdf() });
    await detailForm().getByRole('button', { name: 'Update detail' }).click();

    await detailForm()
      .getByRole('alert')
      .filter({ hasText: 'Error updating detail: Only JPG, PNG or GIF images are allowed!' })
      .waitFor();
    // Nothing of the update was recorded: the quantity is still the saved one.
    expect(
      await column('Details')
        .getByRole('row')
        .filter({ hasText: '500 mL Bottle' })
        .getByRole('cell')
        .first()
        .innerText(),
    ).toBe('30');
    const imageInput = detailForm().getByLabel('Image', { exact: true });
    await detailForm().getByText('Only JPG, PNG or GIF images are allowed!', { exact: true }).waitFor();
    expect(await imageInput.getAttribute('aria-invalid')).toBe('true');
    // The form stays on the detail with the refused file still chosen, to remove or replace; the stored image is untouched.
    await page.getByRole('heading', { name: 'Edit detail: 500 mL Bottle' }).waitFor();
    await detailForm().getByText('sneaky.png').waitFor();
    await column('Details').getByRole('img', { name: '500 mL Bottle: ccm-bottle.png' }).waitFor();
    await screenshot('admin-bad-upload');
    await detailForm().getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Add detail' }).waitFor();
  });

  it('adds a second detail to have something to order', async () => {
    await field('Product type', 'combobox').fill('1 L Bottle');
    await field('Quantity in stock', 'spinbutton').fill('8');
    await field('Price (USD)').fill('79');
    await detailForm()
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'ccm-litre.png', mimeType: 'image/png', buffer: png(4) });
    await detailForm().getByRole('button', { name: 'Add detail' }).click();
    await toast('Detail “1 L Bottle” added.').waitFor();
    await screenshot('admin-catalogue-manager');
  });

  it("shows the detail's history: who, when, and each change before → after", async () => {
    await column('Details').getByRole('button', { name: 'History of 500 mL Bottle' }).click();
    const dialog = page.getByRole('dialog', { name: 'History of 500 mL Bottle' });
    const entries = dialog.getByRole('listitem');
    await entries.first().waitFor();
    const summaries = await entries.locator('.history-entry__summary').allInnerTexts();
    expect(summaries.every((summary) => summary.includes(`by ${admin.email}`))).toBe(true);
    // Newest first: the edit, the two files attached right after creating (the refused one left no trace), the creation.
    expect(summaries.map((summary) => summary.split(' by ')[0])).toEqual([
      'Detail updated',
      'Detail file attached',
      'Detail file attached',
      'Detail created',
    ]);
    const changes = (entry: Locator) => entry.locator('tbody').getByRole('row').allInnerTexts();
    expect(await changes(entries.nth(0))).toEqual([
      'Quantity\t25\t→ 30',
      'Price\t$45.50\t→ $49.99',
      'Price tiers\t$40.00 / 6 bottles, Case of 6, cat. CCM-500-6; $35.50 / 12 bottles, cat. CCM-500-12\t→ $35.50 / 12 bottles, cat. CCM-500-12',
      'Ships on dry ice\tNo\t→ Yes',
    ]);
    expect(await changes(entries.nth(1))).toEqual(['Manual (PDF)\tnone\t→ ccm-manual.pdf']);
    expect(await changes(entries.nth(2))).toEqual(['Image\tnone\t→ ccm-bottle.png']);
    await screenshot('admin-history');

    // Time travel: the detail as it stood just before the edit, and right at it.
    const editedAt = await entries.nth(0).locator('time').getAttribute('datetime');
    const localInput = (iso: string, offsetMs: number) =>
      page.evaluate(
        ([at, offset]) => {
          const time = new Date(Date.parse(at) + offset);
          const pad = (n: number, width = 2) => String(n).padStart(width, '0');
          return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}T${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())}.${pad(time.getMilliseconds(), 3)}`;
        },
        [iso, offsetMs] as const,
      );
    const stateAt = async (input: string) => {
      await dialog.getByLabel('Date and time').fill(input);
      await dialog.getByRole('button', { name: 'Show state' }).click();
      const state = dialog.getByRole('table', { name: /^500 mL Bottle as of / });
      await state.waitFor();
      return state.getByRole('row').allInnerTexts();
    };
    const before = await stateAt(await localInput(editedAt!, -1));
    expect(before).toEqual(expect.arrayContaining(['Quantity\t25', 'Price\t$45.50', 'Product type\t500 mL Bottle']));
    const after = await stateAt(await localInput(editedAt!, 0));
    expect(after).toEqual(expect.arrayContaining(['Quantity\t30', 'Price\t$49.99']));
    await screenshot('admin-history-as-of');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('orders subproducts and details in the Edit Display Order view and hides a detail', async () => {
    // Something in Sera too, so the shop lists it (an empty subproduct is not shown to shoppers).
    const product = await read<{ subproducts: { subproductId: string; name: string }[] }>(
      `/api/admin/catalogue/products/${productId}`,
    );
    const sera = product.subproducts.find((subproduct) => subproduct.name === 'Sera')!;
    const session = await page.evaluate(() => ({ token: sessionStorage.getItem('labshop.adminToken') ?? '' }));
    const added = await page.request.post(
      `/api/admin/catalogue/products/${productId}/subproducts/${sera.subproductId}/details`,
      {
        headers: { authorization: `Bearer ${session.token}` },
        data: { productType: 'Fetal Bovine Serum 500 mL', quantity: 4, priceCents: 39_000 },
      },
    );
    expect(added.status()).toBe(201);
    const { position } = (await added.json()) as { position: string };
    await page.evaluate((newest) => sessionStorage.setItem('labshop.position', newest), position);
    await page.getByRole('button', { name: 'Edit Display Order' }).click();
    await page.getByRole('button', { name: 'Done editing display order' }).waitFor();
    await column('Products').getByRole('button', { name: 'Cell Culture', exact: true }).click();

    const subproducts = column('Subproducts');
    await subproducts.getByRole('button', { name: 'Move Sera up' }).focus();
    await page.keyboard.press('Enter');
    // At the top, "up" is disabled, so focus moves to "down" on the same item.
    expect(
      await subproducts
        .getByRole('button', { name: 'Move Sera down' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
    await subproducts.getByRole('button', { name: 'Save order' }).click();
    await toast('Display order saved.').waitFor();
    expect(
      await subproducts
        .getByRole('list', { name: 'Display order of subproducts' })
        .locator('.catalogue-row__select')
        .allInnerTexts(),
    ).toEqual(['Sera', 'Culture Media']);

    await subproducts.getByRole('button', { name: 'Culture Media', exact: true }).click();
    const details = column('Details');
    await details.getByRole('button', { name: 'Move 1 L Bottle up' }).click();
    await details.getByRole('button', { name: 'Save order' }).click();
    await toast('Display order saved.').waitFor();
    await details.getByRole('button', { name: 'Hide 500 mL Bottle (CCM-500)' }).click();
    await toast('“500 mL Bottle (CCM-500)” is now hidden from the shop.').waitFor();
    await details.getByRole('listitem').filter({ hasText: '500 mL Bottle' }).getByText('Hidden').waitFor();
    expect(await details.locator('.detail-row__name').allInnerTexts()).toEqual([
      '1 L Bottle',
      '500 mL Bottle (CCM-500)',
    ]);
    await screenshot('admin-display-order');

    // The storefront follows: subproducts in the new order, the hidden detail gone from its subproduct's page.
    const main = await read<{ subproducts: { subproductId: string; name: string }[] }>(
      `/api/catalogue/products/${productId}`,
    );
    expect(main.subproducts.map((subproduct) => subproduct.name)).toEqual(['Sera', 'Culture Media']);
    const grid = await read<{ details: { productType: string }[] }>(
      `/api/catalogue/subproducts/${main.subproducts[1]!.subproductId}`,
    );
    expect(grid.details.map((detail) => detail.productType)).toEqual(['1 L Bottle']);
    const hidden = await page.request.get(`/api/catalogue/details/${detailId}`);
    expect(hidden.status()).toBe(404);

    await page.getByRole('button', { name: 'Done editing display order' }).click();
    await column('Products').getByRole('button', { name: 'Edit Cell Culture' }).waitFor();
  });

  it('edits the product content on /product-content', async () => {
    await page.getByRole('link', { name: 'Product Content' }).click();
    await page.waitForURL('**/product-content');
    await page.getByRole('cell', { name: productId }).waitFor();
    await page.getByRole('button', { name: 'Edit content of Cell Culture' }).click();
    const editor = page.getByRole('textbox', { name: /Content of Cell Culture/ });
    await editor.click();
    await page.keyboard.type('Everything for mammalian cell culture.');
    // Tab leaves the editor (no tab character typed), landing on Save Content.
    await page.keyboard.press('Tab');
    const saveButton = page.getByRole('button', { name: 'Save Content' });
    expect(await saveButton.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await toast('Content saved successfully!').waitFor();
    await screenshot('admin-product-content');

    const overview = await read<{ products: { productId: string; description: string }[] }>('/api/catalogue/overview');
    expect(overview.products.find((product) => product.productId === productId)?.description).toBe(
      '<p>Everything for mammalian cell culture.</p>',
    );

    await page.getByRole('button', { name: 'Back to List' }).click();
    expect(
      await page
        .getByRole('button', { name: 'Edit content of Cell Culture' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
  });

  it('asks before deleting, then deletes a subproduct and its details', async () => {
    await page.goto('/admin/catalogue');
    await column('Products').getByRole('button', { name: 'Cell Culture', exact: true }).click();
    await column('Subproducts').getByRole('button', { name: 'Delete Sera' }).click();
    await toast('Subproduct “Sera” deleted.').waitFor();
    expect(confirmations).toEqual(['Are you sure you want to delete this subproduct and all its details?']);
    expect(await names(column('Subproducts'))).toEqual(['Culture Media']);

    await column('Products').getByRole('button', { name: 'History of Cell Culture' }).click();
    const history = page.getByRole('dialog', { name: 'History of Cell Culture' });
    await history.getByText('Product content changed').waitFor();
    expect(await history.getByRole('row').filter({ hasText: 'Content' }).first().innerText()).toBe(
      'Content\tnone\t→ <p>Everything for mammalian cell culture.</p>',
    );
    await page.keyboard.press('Escape');
  });

  it('finds every action in the audit log: the failed sign-in with where it came from, and the edits, as CSV too', async () => {
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    const log = page.getByRole('table', { name: 'Audit log, newest first' });
    // The log's own rows, not the rows of the changes tables inside them.
    const entries = log.locator(':scope > tbody > tr');
    const cell = (entry: Locator, column: string) => entry.locator(`:scope > td[data-label="${column}"]`);
    await entries.first().waitFor();

    await page.getByRole('form', { name: 'Filter the audit log' }).getByLabel('Action').fill('admin-sign-in-failed');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/action=admin-sign-in-failed/);
    await page
      .getByRole('status')
      .filter({ hasText: /^1 entry/ })
      .waitFor();
    const failure = entries;
    expect(await cell(failure, 'Action').innerText()).toBe('Admin sign in failed');
    expect(await cell(failure, 'By').innerText()).toBe(`someone trying ${admin.email}`);
    expect(await cell(failure, 'From').innerText()).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1) · .*Chrome/);
    expect(await log.innerText()).not.toContain('not-the-password-42');

    await page.getByRole('form', { name: 'Filter the audit log' }).getByLabel('Action').fill('detail-updated');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/action=detail-updated/);
    await entries.filter({ hasText: 'Detail updated' }).filter({ hasText: admin.email }).waitFor();
    expect(await entries.count()).toBe(1);
    // The dry-ice flag is audited like any other field.
    expect(await cell(entries, 'Changes').innerText()).toContain('Ships on dry ice');
    await screenshot('admin-audit-log');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile(await download.path())).toString('utf8').split('\r\n');
    expect(csv[0]).toBe(
      '"Time","Admin","Admin id","Actor kind","Entity type","Entity","Action","Field","Before","After","IP address","User agent","Event id"',
    );
    expect(csv.filter((line) => line.includes('"detail-updated"')).map((line) => line.split('","')[7])).toEqual([
      'quantity',
      'priceCents',
      'priceTiers',
      'shipsOnDryIce',
    ]);

    // On a phone the log, its filters and its before → after tables fit the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.waitForURL((url) => url.search === '');
    await entries.filter({ hasText: 'Detail created' }).first().waitFor();
    await screenshot('admin-audit-log-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await page.setViewportSize({ width: 1440, height: 1000 });
  });

  it('ran without a page error', () => {
    expect(pageErrors).toEqual([]);
  });
});
