import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../server/testing/test-shop.ts';
import { openTab, type BrowserTab } from './browser.ts';

const admin = { email: 'services.admin@labshop.test', password: 'e2e-admin-password' };
const screenshotDir = process.env.E2E_SCREENSHOT_DIR ?? tmpdir();

/**
 * One tab throughout, moving between the back office and the storefront by the app's own links: the
 * storefront's service queries stay in the page's cache, so what it shows after each admin change is the
 * invalidation and read-your-writes at work, not a fresh page load.
 */
describe('services: an admin creates, reorders and deactivates services, and the storefront follows', () => {
  let shop: TestShop;
  let tab: BrowserTab;
  let page: Page;
  let pageErrors: string[] = [];
  const dialogs: string[] = [];

  beforeAll(async () => {
    shop = await startTestShop({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    tab = await openTab(shop.url, { width: 1280, height: 900 });
    ({ page, pageErrors } = tab);
    page.setDefaultTimeout(10_000);
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
  });

  afterAll(async () => {
    await tab?.close();
    await shop?.stop();
  });

  const mainNav = () => page.getByRole('navigation', { name: 'Main' });
  const toast = (text: string) => page.getByRole('status').filter({ hasText: text });
  const alert = (text: string) => page.getByRole('alert').filter({ hasText: text });
  const form = () => page.getByRole('form', { name: /Service/ });
  const serviceCard = (heading: string) => page.getByRole('article', { name: heading, exact: true });
  const homeServices = () =>
    page.getByRole('list', { name: 'Custom research services' }).getByRole('link').allInnerTexts();

  async function toStorefrontHome() {
    await page.getByRole('link', { name: 'LabShop' }).first().click();
    await page.waitForURL(`${shop.url}/`);
  }

  async function toServicesAdmin() {
    await page.goBack();
    await page.getByRole('tab', { name: 'Manage Services' }).waitFor();
  }

  async function fillService(service: { heading: string; category: string; order: string; description: string }) {
    await form().getByRole('textbox', { name: 'Service Heading', exact: true }).fill(service.heading);
    await form().getByRole('textbox', { name: 'Category', exact: true }).fill(service.category);
    await form().getByRole('spinbutton', { name: 'Order', exact: true }).fill(service.order);
    await form().getByRole('textbox', { name: 'Description' }).fill(service.description);
  }

  it('shows no Services menu and no service list while there is no service', async () => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Services' }).click();
    await page.waitForURL('**/admin/servicesupload');
    await page.getByRole('heading', { name: 'Create Service' }).waitFor();

    await toStorefrontHome();
    await page.getByRole('heading', { name: 'Featured Products' }).waitFor();
    expect(await mainNav().getByRole('button', { name: 'Services' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Custom research services' }).count()).toBe(0);
    await toServicesAdmin();
  });

  it('refuses an incomplete service with the spec’s message and the fields’ own', async () => {
    expect(await form().getByRole('textbox', { name: 'Price', exact: true }).inputValue()).toBe('100');
    expect(await form().getByRole('spinbutton', { name: 'Order', exact: true }).inputValue()).toBe('1');
    expect(await form().getByRole('switch').isChecked()).toBe(true);
    await form().getByRole('button', { name: 'Create Service' }).click();
    await alert('Please fill all required fields!').waitFor();
    await form().getByText('Service heading is required').waitFor();
    await form().getByText('Category is required').waitFor();
    await form().getByText('Description is required').waitFor();
    expect(
      await form()
        .getByRole('textbox', { name: 'Service Heading', exact: true })
        .evaluate((input) => input === document.activeElement),
    ).toBe(true);
    await page.screenshot({ path: join(screenshotDir, 'labshop-service-form.png'), fullPage: true });
  });

  it('creates two services; each switches to the Manage tab and the storefront lists them in order', async () => {
    await fillService({
      heading: 'Lentivirus Packaging',
      category: 'Viral Vectors',
      order: '1',
      description: 'High-titre lentivirus in 3-4 weeks.',
    });
    await form().getByRole('button', { name: 'Create Service' }).click();
    await toast('Service created successfully!').waitFor();
    await serviceCard('Lentivirus Packaging').waitFor();
    expect(await page.getByRole('tab', { name: 'Manage Services' }).getAttribute('aria-selected')).toBe('true');
    // Focus follows the switch instead of staying on the hidden form's button.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Manage Services');

    await page.getByRole('tab', { name: 'Create Service' }).click();
    expect(await form().getByRole('textbox', { name: 'Service Heading', exact: true }).inputValue()).toBe('');
    await fillService({
      heading: 'STR Profiling',
      category: 'Cell Line Authentication',
      order: '2',
      description: 'Results in 5-7 business days.',
    });
    await form().getByRole('button', { name: 'Create Service' }).click();
    await toast('Service created successfully!').first().waitFor();
    await serviceCard('STR Profiling').waitFor();

    await toStorefrontHome();
    await page.getByRole('heading', { name: 'Custom research services' }).waitFor();
    expect(await homeServices()).toEqual(['Viral Vectors', 'Cell Line Authentication']);
    await mainNav().getByRole('button', { name: 'Services' }).click();
    expect(await mainNav().getByRole('list', { name: 'Services' }).getByRole('link').allInnerTexts()).toEqual([
      'Viral Vectors',
      'Cell Line Authentication',
      'All Services',
    ]);
    await page.keyboard.press('Escape');
    await toServicesAdmin();
  });

  it('reorders by editing a service’s order; the Manage tab sorts both ways and the storefront follows', async () => {
    await page.getByRole('tab', { name: 'Manage Services' }).click();
    await serviceCard('STR Profiling').getByRole('button', { name: 'Edit STR Profiling' }).click();
    await page.getByRole('heading', { name: 'Edit Service: STR Profiling' }).waitFor();
    await form().getByRole('spinbutton', { name: 'Order', exact: true }).fill('0');
    await form().getByRole('button', { name: 'Update Service' }).click();
    await toast('Service updated successfully!').waitFor();

    const listed = () =>
      page
        .getByRole('list', { name: /Services by order/ })
        .getByRole('heading')
        .allInnerTexts();
    await expect.poll(listed, { timeout: 5_000 }).toEqual(['STR Profiling', 'Lentivirus Packaging']);
    await page.getByRole('button', { name: 'Sort by order: ascending' }).click();
    expect(await listed()).toEqual(['Lentivirus Packaging', 'STR Profiling']);

    await toStorefrontHome();
    await expect.poll(homeServices, { timeout: 5_000 }).toEqual(['Cell Line Authentication', 'Viral Vectors']);
    await toServicesAdmin();
  });

  it('deactivates a service from the list; it leaves the menu, the home list and /services', async () => {
    await page.getByRole('tab', { name: 'Manage Services' }).click();
    await serviceCard('Lentivirus Packaging').getByRole('switch', { name: 'Active: Lentivirus Packaging' }).click();
    await toast('Service marked as Inactive!').waitFor();
    expect(await serviceCard('Lentivirus Packaging').getByRole('switch').isChecked()).toBe(false);

    await toStorefrontHome();
    await expect.poll(homeServices, { timeout: 5_000 }).toEqual(['Cell Line Authentication']);
    await mainNav().getByRole('button', { name: 'Services' }).click();
    expect(await mainNav().getByRole('list', { name: 'Services' }).getByRole('link').allInnerTexts()).toEqual([
      'Cell Line Authentication',
      'All Services',
    ]);
    await mainNav().getByRole('link', { name: 'All Services' }).click();
    await page.waitForURL('**/services');
    await page.getByRole('heading', { name: 'Featured Products' }).waitFor();
    // The services list is a query of its own: it may still be loading when the page's heading shows.
    await expect
      .poll(() => page.getByRole('list', { name: 'Services' }).getByRole('heading').allInnerTexts(), { timeout: 5_000 })
      .toEqual(['STR Profiling']);
    await page.screenshot({ path: join(screenshotDir, 'labshop-services.png'), fullPage: true });
  });

  it('opens a service page with its breadcrumb, description and the inquiry form seeded with its category', async () => {
    await page.getByRole('link', { name: 'STR Profiling' }).click();
    await page.waitForURL(/\/service\/cell-line-authentication\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'STR Profiling' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').allInnerTexts()).toEqual([
      'Home',
      'Services',
      'Cell Line Authentication',
    ]);
    await page.getByText('Results in 5-7 business days.').waitFor();
    const inquiry = page.getByRole('form', { name: 'Inquiry form' });
    expect(await inquiry.getByRole('textbox', { name: 'Service', exact: true }).inputValue()).toBe(
      'Cell Line Authentication',
    );
    await page.screenshot({ path: join(screenshotDir, 'labshop-service-page.png'), fullPage: true });
  });

  it('deletes a service after the spec’s confirmation, and the back office fits a phone', async () => {
    await page.goBack();
    await page.goBack();
    await toServicesAdmin();
    await page.getByRole('tab', { name: 'Manage Services' }).click();
    await serviceCard('Lentivirus Packaging').getByRole('button', { name: 'Delete Lentivirus Packaging' }).click();
    await toast('Service deleted successfully!').waitFor();
    expect(dialogs).toEqual(['Are you sure you want to delete this service?']);
    expect(await serviceCard('Lentivirus Packaging').count()).toBe(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: 'API Integration' }).click();
    await page.getByText(`curl ${shop.url}/api/services`).waitFor();
    expect(await page.getByRole('link', { name: `${shop.url}/api/docs/json` }).getAttribute('href')).toBe(
      '/api/docs/json',
    );
    await page.getByRole('tab', { name: 'Manage Services' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(screenshotDir, 'labshop-services-admin-390.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
