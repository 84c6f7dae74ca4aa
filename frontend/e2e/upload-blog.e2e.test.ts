import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../server/testing/test-shop.ts';
import { openTab, type BrowserTab } from './browser.ts';
import { png } from './png.ts';

const admin = { email: 'uploads.editor@labshop.test', password: 'e2e-admin-password' };

describe('product upload and blog panel: an admin lands on the upload list, adds, edits and deletes a product and blog items', () => {
  let shop: TestShop;
  let tab: BrowserTab;
  let page: Page;
  let pageErrors: string[] = [];
  const confirmations: string[] = [];

  beforeAll(async () => {
    shop = await startTestShop({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    tab = await openTab(shop.url, { width: 1280, height: 1000 });
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

  const form = () => page.getByRole('form', { name: /Product$/ });
  const list = () => page.getByRole('list', { name: 'Uploaded products' });
  const toast = (text: string) => page.getByRole('status').filter({ hasText: text });
  const table = () => page.getByRole('table');

  it('logs in to the dashboard and opens the product upload from the back-office navigation', async () => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/admin');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await nav.getByRole('link', { name: 'Product upload' }).click();
    await page.waitForURL('**/admin/productupload');
    await page.getByRole('heading', { name: 'Add New Product' }).waitFor();
    for (const name of ['Catalogue manager', 'Orders and quotes', 'Product upload', 'Blog sections'])
      await nav.getByRole('link', { name }).waitFor();
    await page.getByText('No products yet').waitFor();
    // Where the admin types, the screen says these products do not reach the shop, and where those are made.
    const note = page.getByText(
      /Products uploaded here stay in this back-office list: they are not shown or sold in the shop/,
    );
    await note.waitFor();
    const formBox = await form().boundingBox();
    const noteBox = await note.boundingBox();
    expect(Math.abs((noteBox?.x ?? 0) - (formBox?.x ?? 0))).toBeLessThan(40);
    expect(await note.getByRole('link', { name: 'Catalogue manager' }).getAttribute('href')).toBe('/admin/catalogue');
  });

  it('refuses an incomplete form with the spec messages, then adds a product with its image', async () => {
    await form().getByRole('button', { name: 'Save', exact: true }).click();
    await form().getByRole('alert').filter({ hasText: 'Please fill all required fields correctly' }).waitFor();
    await form().getByText('Product name is required').waitFor();

    await form().getByRole('textbox', { name: 'Product name' }).fill('Exosome Isolation Kit');
    await form().getByRole('textbox', { name: 'Product type' }).fill('Kit');
    await form().getByRole('spinbutton', { name: 'Price (USD)' }).fill('299.90');
    await form().getByRole('spinbutton', { name: 'Quantity' }).fill('12');
    await form().getByRole('textbox', { name: 'Description' }).click();
    await page.keyboard.type('Isolates exosomes from serum.');
    await form()
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'kit.png', mimeType: 'image/png', buffer: png(2) });
    await form().getByRole('button', { name: 'Toggle Preview' }).click();
    await form()
      .getByRole('region', { name: 'Description preview' })
      .getByText('Isolates exosomes from serum.')
      .waitFor();
    await form().getByRole('button', { name: 'Save', exact: true }).click();
    await toast('Product saved successfully').waitFor();
    await list().getByText('Exosome Isolation Kit').waitFor();
    await list().getByText('$299.90').waitFor();
    await page.getByRole('heading', { name: 'Add New Product' }).waitFor();
    // The picture is decorative beside the name (alt=""); it must really load from /content.
    const image = list().locator('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  });

  it('edits the product (the form says Edit Product and Update) and deletes it after the confirmation', async () => {
    await list().getByRole('button', { name: 'Edit Exosome Isolation Kit' }).click();
    await page.getByRole('heading', { name: 'Edit Product' }).waitFor();
    expect(await form().getByRole('textbox', { name: 'Product name' }).inputValue()).toBe('Exosome Isolation Kit');
    await form().getByRole('spinbutton', { name: 'Price (USD)' }).fill('319.00');
    await form().getByRole('button', { name: 'Update', exact: true }).click();
    await toast('Product updated successfully').waitFor();
    await list().getByText('$319.00').waitFor();

    await list().getByRole('button', { name: 'Delete Exosome Isolation Kit' }).click();
    await toast('Product deleted successfully').waitFor();
    await page.getByText('No products yet').waitFor();
    expect(confirmations).toEqual(['Are you sure you want to delete this product?']);
  });

  it('adds a blog section and an inner item, edits both through their checkboxes and deletes them', async () => {
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Blog sections' }).click();
    await page.waitForURL('**/Blog');
    await page.getByText('No sections yet').waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Cell culture');
    await page.getByRole('textbox', { name: 'Description' }).fill('Media and sera');
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast('Data inserted successfully').waitFor();
    await table().getByRole('cell', { name: 'Cell culture', exact: true }).waitFor();

    // Outer row: check it, edit it inline, Update.
    await table().getByRole('checkbox', { name: 'Select Cell culture' }).check();
    await table().getByRole('textbox', { name: 'Product name of row 1' }).fill('Cell culture media');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await table().getByRole('cell', { name: 'Cell culture media', exact: true }).waitFor();

    // Show drills into the section's inner items.
    await table().getByRole('link', { name: 'Show the items of Cell culture media' }).click();
    await page.waitForURL(/\/Blog\?packageId=PKG-[0-9A-F]+$/);
    const packageId = new URL(page.url()).searchParams.get('packageId')!;
    await page.getByText('No items in this section yet').waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('DMEM');
    await page.getByRole('button', { name: 'Submit' }).click();
    await table()
      .getByRole('cell', { name: new RegExp(`^${packageId}-[0-9A-F]{6}$`) })
      .waitFor();

    await table().getByRole('checkbox', { name: 'Select DMEM' }).check();
    await table().getByRole('textbox', { name: 'Description of row 2' }).fill('High glucose');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await table().getByRole('cell', { name: 'High glucose', exact: true }).waitFor();

    // Delete with nothing checked says so; with the row checked it really deletes.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'No items selected for deletion.' }).waitFor();
    await table().getByRole('checkbox', { name: 'Select DMEM' }).check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('No items in this section yet').waitFor();

    await page.getByRole('link', { name: 'All sections' }).click();
    await table().getByRole('checkbox', { name: 'Select Cell culture media' }).check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('No sections yet').waitFor();
    expect(confirmations.slice(1)).toEqual([
      'Are you sure you want to delete the selected items?',
      'Are you sure you want to delete the selected items?',
    ]);
    expect(pageErrors).toEqual([]);
  });
});
