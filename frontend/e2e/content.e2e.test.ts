import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readMailDir, type ParsedMail } from '@labshop/workers/testing/read-eml';
import { startTestShop, type TestShop } from '../server/testing/test-shop.ts';
import { openTab, type BrowserTab } from './browser.ts';

const admin = { email: 'content.admin@labshop.test', password: 'e2e-admin-password' };
const salesEmail = 'sales.inbox@labshop.test';
const visitor = {
  firstName: 'Odile',
  lastName: 'Marchetti',
  company: 'Bayou Biologics',
  phone: '+1 504 555 0142',
  email: 'odile.marchetti@example.com',
};
const contact = {
  subject: 'Distributor for Louisiana',
  name: 'Rene Landry',
  email: 'rene.landry@example.com',
  title: 'Dr',
  department: 'Procurement',
};
const screenshotDir = process.env.E2E_SCREENSHOT_DIR ?? tmpdir();
const lentivirus = 'Lentivirus Packaging & Production Services';

describe('content: a visitor inquires from a service page and writes through the contact form; sales and the visitor get mail; the admin answers from the inbox', () => {
  let shop: TestShop;
  let tab: BrowserTab;
  let page: Page;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    shop = await startTestShop({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, SALES_EMAIL: salesEmail });
    tab = await openTab(shop.url, { width: 390, height: 844 });
    ({ page, pageErrors } = tab);
    page.setDefaultTimeout(10_000);
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail')
      await page?.screenshot({
        path: join(screenshotDir, `labshop-content-failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}.png`),
        fullPage: true,
      });
  });

  afterAll(async () => {
    await tab?.close();
    await shop?.stop();
  });

  const main = () => page.getByRole('main');
  const mainNav = () => page.getByRole('navigation', { name: 'Main' });
  const heading = () => main().getByRole('heading', { level: 1 });
  /** A field by its label, which carries ' *' (hidden from screen readers) when the field is required. */
  const field = (form: Locator, label: string) => form.getByLabel(new RegExp(`^${label}( \\*)?$`));
  const fitsTheScreen = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  async function waitForMail(subject: string): Promise<ParsedMail> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const found = (await readMailDir(join(shop.dataDir, 'mail'))).find((mail) => mail.subject === subject);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail "${subject}" after 20 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it("routes the fixed service pages' paths with '&', as written and percent-encoded", async () => {
    await page.goto('/cell-line-identification-&-authentication-services');
    expect(await heading().innerText()).toBe('Cell Line Identification & Authentication Services');
    expect(await main().innerText()).toContain('5-7 business days');
    await page.goto('/cell-line-identification-%26-authentication-services');
    expect(await heading().innerText()).toBe('Cell Line Identification & Authentication Services');
    expect(await fitsTheScreen()).toBe(true);
  });

  it('sends an inquiry from the lentivirus page, its form preselected to the service, and clears it', async () => {
    await main().getByRole('navigation', { name: 'Other services' }).getByRole('link', { name: lentivirus }).click();
    await page.waitForURL('**/lentivirus-packaging-&-production-services');
    // The address changes before the new page renders: read it once its heading is there.
    await main().getByRole('heading', { level: 1, name: lentivirus }).waitFor();
    expect(await main().innerText()).toContain('3-4 weeks');
    const form = main().getByRole('form', { name: 'Inquiry form' });
    expect(await field(form, 'Service').inputValue()).toBe(lentivirus);

    await form.getByRole('button', { name: 'Send inquiry' }).click();
    await form.getByRole('alert').filter({ hasText: 'Please fill all required fields' }).waitFor();
    expect(await form.getByText('First name is required').count()).toBe(1);

    await field(form, 'First name').fill(visitor.firstName);
    await field(form, 'Last name').fill(visitor.lastName);
    await field(form, 'Company').fill(visitor.company);
    await field(form, 'Phone').fill(visitor.phone);
    await field(form, 'Email').fill(visitor.email);
    await field(form, 'Comment').fill(
      'We need 10 mL of VSV-G lentivirus carrying a CRISPRa construct.\nWhat titer can you reach?',
    );
    await form.getByRole('button', { name: 'Send inquiry' }).click();
    await form.getByRole('status').filter({ hasText: 'Inquiry sent successfully!' }).waitFor();
    expect(await field(form, 'First name').inputValue()).toBe('');
    expect(await field(form, 'Service').inputValue()).toBe(lentivirus);
  });

  it('sends a message from /contact-us with its interests', async () => {
    await page.getByRole('button', { name: 'Menu' }).click();
    await mainNav().getByRole('link', { name: 'Contact Us' }).click();
    await page.waitForURL('**/contact-us');
    const form = main().getByRole('form', { name: 'Contact form' });
    await field(form, 'Subject').fill(contact.subject);
    await field(form, 'Name').fill(contact.name);
    await field(form, 'Email').fill(contact.email);
    await field(form, 'Title').fill(contact.title);
    await field(form, 'Department').fill(contact.department);
    await field(form, 'Message').fill('Do you work with distributors in Louisiana?');
    await form.getByRole('checkbox', { name: 'Products' }).check();
    await form.getByRole('checkbox', { name: 'Distributorship' }).check();
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByText('Please accept the terms and conditions').waitFor();
    await form.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check();
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByRole('status').filter({ hasText: 'Your message has been sent!' }).waitFor();
    expect(await fitsTheScreen()).toBe(true);
  });

  it('mails both to the sales inbox and acknowledges each to its sender', async () => {
    const inquiryToSales = await waitForMail(
      `New inquiry: ${lentivirus} — ${visitor.firstName} ${visitor.lastName}, ${visitor.company}`,
    );
    expect(inquiryToSales.to).toBe(salesEmail);
    expect(inquiryToSales.text).toContain('What titer can you reach?');
    const inquiryAcknowledged = await waitForMail('We received your inquiry');
    expect(inquiryAcknowledged.to).toBe(visitor.email);
    // An acknowledgement quotes nothing the visitor typed (no relay).
    expect(inquiryAcknowledged.text).not.toContain('What titer can you reach?');

    const contactToSales = await waitForMail(`Contact form: ${contact.subject} — ${contact.name}`);
    expect(contactToSales.to).toBe(salesEmail);
    expect(contactToSales.text).toContain('Interests: Products, Distributorship');
    const contactAcknowledged = await waitForMail('We received your message');
    expect(contactAcknowledged.to).toBe(contact.email);
  });

  it('shows both in the admin inbox, and marks the inquiry answered by the admin', async () => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/admin');
    // On a phone the back office's sections are a drawer behind Menu.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Inbox' }).click();
    await page.waitForURL('**/admin/inbox');

    const items = main()
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect.poll(() => items.count()).toBe(2);
    const inquiry = items.filter({ hasText: lentivirus });
    const message = items.filter({ hasText: contact.subject });
    expect(await inquiry.innerText()).toContain(visitor.email);
    expect(await message.innerText()).toContain('Procurement');

    await inquiry.getByRole('button', { name: 'Mark answered' }).click();
    await inquiry.getByText(`Answered by ${admin.email}`).waitFor();
    expect(await message.getByRole('button', { name: 'Mark answered' }).count()).toBe(1);

    await main().getByRole('button', { name: /^New/ }).click();
    await expect.poll(() => items.count()).toBe(1);
    expect(await items.first().innerText()).toContain(contact.subject);
  });

  it('renders the company pages from the header menus, with the terms of sales', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await mainNav().getByRole('button', { name: 'Ordering' }).click();
    await mainNav().getByRole('link', { name: 'Terms of Sales' }).click();
    await page.waitForURL('**/terms-of-sales');
    // The URL changes before the lazily loaded page replaces the one it left.
    await heading().filter({ hasText: 'Terms of Sales' }).waitFor();
    const terms = await main().innerText();
    for (const term of [
      'reported to us within 3 days',
      'returned within 5 days',
      '20% restocking fee',
      'for 6 months from delivery',
      'within 30 days of discovering',
      'due within 30 days',
      '1.5% per month',
      'expire 6 months',
      'returned within 10 days',
      'US dollars (USD)',
    ]) {
      expect(terms).toContain(term);
    }

    await page.getByRole('button', { name: 'Menu' }).click();
    await mainNav().getByRole('button', { name: 'Company' }).click();
    await mainNav().getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/privacy-policy');
    await heading().filter({ hasText: 'Privacy Policy' }).waitFor();
    const privacy = await main().innerText();
    expect(privacy).toContain('the card type and the last four digits of the card only');
    expect(privacy).toContain('Erase your data');
    // What an erasure does and keeps, in the server's words (the erase dialog shows the same), the retention period in it.
    await main().getByText('kept for 7 years from their issue date', { exact: false }).waitFor();

    for (const [path, title] of [
      ['/about', 'About'],
      ['/about-us', 'About Us'],
      ['/history', 'Company History'],
    ]) {
      await page.goto(path!);
      await expect.poll(() => heading().innerText()).toBe(title);
    }

    // The plasmid page's sample data sheet is a real PDF.
    await page.goto('/plasmid-production-services');
    const href = await main()
      .getByRole('link', { name: /sample data sheet/ })
      .getAttribute('href');
    const pdf = await fetch(new URL(href!, shop.url));
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(pageErrors).toEqual([]);
  });
});
