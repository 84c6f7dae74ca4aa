import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../server/testing/test-shop.ts';
import { artifactPath } from './artifacts.ts';
import { openTab, type BrowserTab } from './browser.ts';
import { png } from './png.ts';

const admin = { email: 'walk.editor@labshop.test', password: 'e2e-admin-password' };

/** The QA walk's admin stumbles (issue 12, points 6–8). */
describe('admin walk: duplicate names refused, a detail and its files in one step, a layout that holds at 1280 px and 390 px', () => {
  let shop: TestShop;
  let tab: BrowserTab;
  let page: Page;

  beforeAll(async () => {
    shop = await startTestShop({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    tab = await openTab(shop.url, { width: 1280, height: 900 });
    ({ page } = tab);
    page.setDefaultTimeout(10_000);
    page.on('dialog', (dialog) => void dialog.accept());
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
  const box = async (locator: Locator) => {
    const found = await locator.boundingBox();
    if (found === null) throw new Error('not rendered');
    return found;
  };

  /** The whole manager, and the detail form on its own, without the toasts of earlier steps over them. */
  async function screenshots(width: string) {
    const style = '.toast-region { display: none !important; }';
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: artifactPath(`catalogue-manager-${width}.png`), fullPage: true, style });
    const form = await box(detailForm());
    await page.screenshot({ path: artifactPath(`detail-form-${width}.png`), fullPage: true, clip: form, style });
  }

  async function addNamed(columnName: string, noun: string, name: string) {
    await column(columnName)
      .getByRole('button', { name: `Add ${noun}` })
      .click();
    await column(columnName)
      .getByRole('textbox', { name: `${noun[0]!.toUpperCase()}${noun.slice(1)} name` })
      .fill(name);
    await column(columnName).getByRole('button', { name: 'Save', exact: true }).click();
  }

  it('logs in and builds a product with a subproduct', async () => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    // An admin lands on the product upload (the spec); the catalogue manager is one link away.
    await page.waitForURL('**/admin');
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Catalogue manager' })
      .click();
    await page.waitForURL('**/admin/catalogue');
    await addNamed('Products', 'product', 'Cell Culture Products');
    await toast('“Cell Culture Products” added.').waitFor();
    await column('Products').getByRole('button', { name: 'Cell Culture Products', exact: true }).click();
    await addNamed('Subproducts', 'subproduct', 'Culture Media');
    await toast('“Culture Media” added.').waitFor();
    await column('Subproducts').getByRole('button', { name: 'Culture Media', exact: true }).click();
    await column('Details').getByText('No details yet').waitFor();
  });

  it('refuses a product or subproduct named like a sibling, whatever its case and spaces, next to the name', async () => {
    await addNamed('Products', 'product', '  cell culture  PRODUCTS ');
    const productName = column('Products').getByRole('textbox', { name: 'Product name' });
    await column('Products').getByText('A product named “Cell Culture Products” already exists').waitFor();
    expect(await productName.getAttribute('aria-invalid')).toBe('true');
    await column('Products').getByRole('button', { name: 'Cancel' }).click();
    expect(await column('Products').getByRole('listitem').count()).toBe(1);

    await addNamed('Subproducts', 'subproduct', 'culture media');
    await column('Subproducts')
      .getByText('A subproduct named “Culture Media” already exists in this product')
      .waitFor();
    await column('Subproducts').getByRole('button', { name: 'Cancel' }).click();
    expect(await column('Subproducts').getByRole('listitem').count()).toBe(1);
  });

  it('checks an image when it is picked: type and size, in the spec’s words', async () => {
    const image = detailForm().getByLabel('Image', { exact: true });
    await image.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await detailForm().getByText('Only JPG, PNG or GIF images are allowed!').waitFor();
    const large = png(860, true);
    expect(large.length).toBeGreaterThan(2.1 * 1024 * 1024);
    await image.setInputFiles({ name: 'large.png', mimeType: 'image/png', buffer: large });
    await detailForm().getByText('Image size should be less than 2MB').waitFor();
    expect(await image.getAttribute('aria-invalid')).toBe('true');
  });

  it('adds no detail without an image', async () => {
    await field('Product type', 'combobox').fill('500 mL Bottle');
    await field('Quantity in stock', 'spinbutton').fill('12');
    await field('Price (USD)').fill('45');
    await detailForm().getByRole('button', { name: 'Add detail' }).click();
    await detailForm().getByText('Please select an image file', { exact: true }).waitFor();
    expect(await column('Details').getByText('No details yet').isVisible()).toBe(true);
  });

  it('adds nothing when one of its files is refused, then all of it at once', async () => {
    await detailForm()
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'bottle.png', mimeType: 'image/png', buffer: png(4) });
    // Named and typed as a PDF, so only the server (reading its bytes) can tell it is not one.
    const manual = detailForm().getByLabel('Manual (PDF)', { exact: true });
    await manual.setInputFiles({ name: 'manual.pdf', mimeType: 'application/pdf', buffer: png(4) });
    await detailForm().getByRole('button', { name: 'Add detail' }).click();
    await detailForm().getByText('Only PDF files are allowed!', { exact: true }).waitFor();
    expect(await manual.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText(/was saved, but/).count()).toBe(0);
    await page.waitForTimeout(500);
    expect(await column('Details').getByText('No details yet').isVisible()).toBe(true);

    await detailForm().getByRole('button', { name: 'Remove new manual (pdf)' }).click();
    await detailForm().getByRole('button', { name: 'Add detail' }).click();
    await toast('Detail “500 mL Bottle” added.').waitFor();
    const row = column('Details').getByRole('row').filter({ hasText: '500 mL Bottle' });
    await row.getByRole('img').waitFor();
  });

  it('refuses a second detail of the same type in the subproduct', async () => {
    await field('Product type', 'combobox').fill(' 500 ml  BOTTLE');
    await field('Quantity in stock', 'spinbutton').fill('3');
    await field('Price (USD)').fill('40');
    await detailForm()
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'bottle.png', mimeType: 'image/png', buffer: png(4) });
    await detailForm().getByRole('button', { name: 'Add detail' }).click();
    await detailForm()
      .getByText('A detail of type “500 mL Bottle” already exists in this subproduct', { exact: true })
      .waitFor();
    expect(await field('Product type', 'combobox').getAttribute('aria-invalid')).toBe('true');
    expect(await column('Details').getByRole('row').count()).toBe(2); // header and the one detail
  });

  it('at 1280 px: the manager fits the back office beside its sidebar, actions stay on one line, a price tier row has room', async () => {
    const main = await box(page.getByRole('main'));
    const sidebar = await box(page.locator('.admin-shell__sidebar'));
    const manager = await box(page.locator('.catalogue-manager'));
    expect(manager.x).toBeGreaterThanOrEqual(sidebar.x + sidebar.width);
    expect(manager.x + manager.width).toBeLessThanOrEqual(main.x + main.width + 1);

    const row = column('Products').getByRole('listitem').first();
    const [edit, remove] = [
      await box(row.getByRole('button', { name: /^Edit / })),
      await box(row.getByRole('button', { name: /^Delete / })),
    ];
    expect(Math.abs(edit.y - remove.y)).toBeLessThan(2);
    expect(remove.height).toBeLessThan(40);
    // On the row's line and inside its column, not spilling over the next one.
    const products = await box(column('Products'));
    expect(remove.x + remove.width).toBeLessThanOrEqual(products.x + products.width);

    await detailForm().getByRole('button', { name: 'Add price tier' }).click();
    const catalogNumber = detailForm().getByRole('textbox', { name: 'Tier 1 Catalog number' });
    expect((await box(catalogNumber)).width).toBeGreaterThanOrEqual(120);
    const label = await box(detailForm().locator('label', { hasText: 'Tier 1 Catalog number' }));
    expect(label.height).toBeLessThan(26);
    await screenshots('1280');
  });

  it('Edit Display Order says how to get back while it is on', async () => {
    await page.getByRole('button', { name: 'Edit Display Order' }).click();
    const done = page.getByRole('button', { name: 'Done editing display order' });
    await done.waitFor();
    expect(await page.getByRole('button', { name: 'Edit Display Order' }).count()).toBe(0);
    await done.click();
    await page.getByRole('button', { name: 'Edit Display Order' }).waitFor();
  });

  it('at 390 px: screenshots of the manager and the detail form', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await column('Details').getByRole('row').nth(1).waitFor();
    const row = column('Products').getByRole('listitem').first();
    const [edit, remove] = [
      await box(row.getByRole('button', { name: /^Edit / })),
      await box(row.getByRole('button', { name: /^Delete / })),
    ];
    expect(Math.abs(edit.y - remove.y)).toBeLessThan(2);
    const products = await box(column('Products'));
    expect(remove.x + remove.width).toBeLessThanOrEqual(products.x + products.width);
    await screenshots('390');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});
