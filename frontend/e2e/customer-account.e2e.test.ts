import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailDir, type ParsedMail } from '@labshop/workers/testing/read-eml';
import { startTestShop, type TestShop } from '../server/testing/test-shop.ts';
import { openTab, type BrowserTab } from './browser.ts';

const admin = { email: 'mixing.admin@labshop.test', password: 'admin-password' };
const shopper = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann.lee@example.com',
  password: 'first-password',
  newPassword: 'second-password',
};
const screenshotDir = process.env.E2E_SCREENSHOT_DIR ?? tmpdir();

describe('customer account: register, activate by email, sign in, profile, sign out, reset the password by email', () => {
  let shop: TestShop;
  let tab: BrowserTab;
  let page: Page;
  let pageErrors: string[] = [];
  const timings: Record<string, number> = {};
  let journeyStartedAt = 0;
  let stepStartedAt = 0;

  const step = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - stepStartedAt);
    stepStartedAt = now;
  };

  beforeAll(async () => {
    const startedAt = performance.now();
    shop = await startTestShop({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    tab = await openTab(shop.url);
    ({ page, pageErrors } = tab);
    console.info(`LabShop and Chromium ready in ${Math.round(performance.now() - startedAt)} ms`);
    journeyStartedAt = stepStartedAt = performance.now();
  });

  afterAll(async () => {
    console.info(
      `Customer journey: ${Math.round(performance.now() - journeyStartedAt)} ms in all; steps (ms): ${JSON.stringify(timings)}`,
    );
    await tab?.close();
    await shop?.stop();
  });

  /** The newest mail with this subject in the shop's local mail folder, waiting for the worker to write it. */
  async function mailWithSubject(subject: string, after = 0): Promise<ParsedMail> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const found = (await readMailDir(join(shop.dataDir, 'mail'))).filter((mail) => mail.subject === subject);
      if (found.length > after) return found.at(-1) as ParsedMail;
      if (Date.now() > deadline) throw new Error(`no mail "${subject}" in ${shop.dataDir}/mail after 20 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const linkIn = (mail: ParsedMail, path: string) => {
    const link = mail.text.match(new RegExp(`https?://\\S+${path}\\?\\S+`))?.[0];
    if (!link) throw new Error(`no ${path} link in "${mail.subject}"`);
    return link;
  };

  const alert = (text: string) => page.getByRole('alert').filter({ hasText: text });
  const status = (text: string) => page.getByRole('status').filter({ hasText: text });

  async function signIn(password: string, rememberMe = false) {
    await page.getByRole('tab', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    if (rememberMe) await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  it('guards the account area', async () => {
    await page.goto('/my-account');
    await page.waitForURL('**/signin');
    await alert('Please login to continue').waitFor();
    step('guard');
  });

  it('registers with the spec rules, offering to resend the activation link', async () => {
    await page.getByRole('tab', { name: 'Register' }).click();
    const submit = page.getByRole('button', { name: 'Create account' });
    // Disabled until the form is valid (spec), with a note that says what is missing.
    expect(await submit.isDisabled()).toBe(true);
    await page
      .getByText('Still needed: title (Mr or Ms), first name, last name, email, password, agreeing to the terms.')
      .waitFor();

    await page.getByLabel('Ms', { exact: true }).check();
    await page.getByLabel('First name').fill('A');
    await page.getByLabel('Last name').fill(shopper.lastName);
    await page.getByText('First name must be at least 2 characters').waitFor();
    await page.getByLabel('First name').fill(shopper.firstName);
    await page.getByLabel('Email').fill(shopper.email);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill(shopper.password);
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByText('Still needed: agreeing to the terms.').waitFor();
    await page.getByLabel('I agree to the terms and conditions and the privacy policy').check();
    await submit.click();

    await status('Activation link sent to your email!').waitFor();
    await page.getByRole('link', { name: 'Resend Activation Link' }).waitFor();
    step('register');
  });

  it('refuses to sign in before activation, with a clear message', async () => {
    await signIn(shopper.password);
    await alert('Please activate your account first. Check your email for the activation link.').waitFor();
    step('sign-in refused before activation');
  });

  it('activates from the emailed link, then goes to sign in after 2 seconds', async () => {
    const mail = await mailWithSubject('Activate your LabShop account');
    expect(mail).toMatchObject({ from: 'LabShop <no-reply@labshop.local>', to: shopper.email });
    const link = linkIn(mail, '/activate-account');
    expect(new URL(link).searchParams.get('email')).toBe(shopper.email);
    step('activation mail');

    await page.goto(link);
    await status('Account activated successfully! Redirecting...').waitFor();
    const shownAt = performance.now();
    await page.waitForURL('**/signin');
    expect(performance.now() - shownAt).toBeGreaterThan(1_500);
    await mailWithSubject(`Welcome to LabShop, ${shopper.firstName}!`);
    step('activate');
  });

  async function signInAsAdmin() {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/admin');
  }

  it('answers a wrong password with the spec message, then signs in (Remember me) to My Account, ending an admin session', async () => {
    await signInAsAdmin();
    await page.goto('/signin');
    await signIn('not-the-password');
    await alert('Invalid email or password').waitFor();
    await signIn(shopper.password, true);
    await page.waitForURL('**/my-account');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Ann Lee - My Account');
    expect(await page.getByRole('definition').allInnerTexts()).toEqual([
      shopper.email,
      shopper.firstName,
      shopper.lastName,
    ]);
    // Remember me keeps the session beyond the tab, apart from any admin session.
    expect(await page.evaluate(() => localStorage.getItem('labshop.customerToken'))).toBeTruthy();
    expect(await page.evaluate(() => sessionStorage.getItem('labshop.adminToken'))).toBeNull();
    await page.getByRole('banner').getByRole('button', { name: shopper.firstName }).waitFor();
    // The good sign-in made this browser a known client of the account (sign-in pauses do not hold it up): an
    // HttpOnly device cookie, sent to the sign-in route only, that scripts cannot read.
    const device = (await page.context().cookies()).find((cookie) => cookie.name === 'labshop_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/login' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('labshop_device');
    step('sign in');
    await page.goto('/admin/catalogue');
    await page.waitForURL('**/admin/login');
    await page.goto('/my-account');
    await page.getByRole('heading', { name: 'Ann Lee - My Account' }).waitFor();
  });

  it('edits My Profile with the state list and keeps it', async () => {
    await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'My Profile' }).click();
    await page.waitForURL('**/my-profile');
    // The form's own State (My Account, which the URL leaves before the lazy page replaces it, has a certificate's state too).
    const state = page.getByRole('form', { name: 'My Profile' }).getByLabel('State');
    await state.waitFor();
    expect(await state.locator('option').count()).toBe(52);
    expect(await state.locator('option').first().innerText()).toBe('Choose...');

    await page.getByLabel('Display name').fill('Dr Ann Lee');
    await page.getByLabel('Company (optional)').fill('Lee Cell Biology Lab');
    await page.getByLabel('Phone number').fill('+1 617 555 0100');
    await page.locator('#profile-address1').fill('1 Lab Way');
    await page.getByLabel('City').fill('Boston');
    await state.selectOption('Massachusetts');
    await page.getByLabel('Zip').fill('021');
    await page.getByLabel('Zip').blur();
    await page.getByText('Zip code must be 5 digits (or ZIP+4)').waitFor();
    await page.getByLabel('Zip').fill('02110');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await status('Profile updated successfully!').waitFor();

    await page.reload();
    await page.getByLabel('Display name').waitFor();
    expect(await page.getByLabel('Display name').inputValue()).toBe('Dr Ann Lee');
    expect(await page.getByLabel('State').inputValue()).toBe('MA');
    expect(await page.getByLabel('Zip').inputValue()).toBe('02110');
    await page.screenshot({ path: join(screenshotDir, 'labshop-my-profile.png'), fullPage: true });
    step('profile');
  });

  it('signs out to the home page, and the server no longer takes the token', async () => {
    const token = await page.evaluate(
      () => localStorage.getItem('labshop.customerToken') ?? sessionStorage.getItem('labshop.customerToken'),
    );
    expect(token).not.toBeNull();
    const endedOnServer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/logout');
    await page.getByRole('navigation', { name: 'My account' }).getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await endedOnServer).status()).toBe(204);
    const withOldToken = await fetch(new URL('/api/account/cart/clear', shop.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ commandId: crypto.randomUUID() }),
    });
    expect(withOldToken.status).toBe(401);
    expect(await page.evaluate(() => localStorage.getItem('labshop.customerToken'))).toBeNull();
    await page.goto('/my-profile');
    await page.waitForURL('**/signin');
    step('sign out');
  });

  it('resets the password through the emailed link and goes to sign in after 3 seconds', async () => {
    // Spec: from the sign-in tab the email must be typed first; the forgot-password page takes it over.
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByText('Please enter your email address').waitFor();
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/forgot-password');
    expect(await page.getByLabel('Email').inputValue()).toBe(shopper.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await status('Password reset instructions have been sent to your email. Please check your inbox.').waitFor();

    const mail = await mailWithSubject('Reset your LabShop password');
    const link = linkIn(mail, '/reset-password');
    step('reset mail');
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(shopper.newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill('something-else');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm new password', { exact: true }).fill(shopper.newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await status('Your password has been reset.').waitFor();
    const shownAt = performance.now();
    await page.waitForURL('**/signin');
    expect(performance.now() - shownAt).toBeGreaterThan(2_500);
    step('reset');

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('third-password');
    await page.getByLabel('Confirm new password', { exact: true }).fill('third-password');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await alert('This password reset link is not valid').waitFor();
  });

  it('signs in with the new password only', async () => {
    await page.goto('/signin');
    await signIn(shopper.password);
    await alert('Invalid email or password').waitFor();
    await signIn(shopper.newPassword);
    await page.waitForURL('**/my-account');
    step('sign in with the new password');
  });

  it('stays signed in in a new tab without Remember me (the open tab hands its session over), not in a new browser', async () => {
    expect(await page.evaluate(() => localStorage.getItem('labshop.customerToken'))).toBeNull();
    const newTab = await page.context().newPage();
    try {
      await newTab.goto('/my-account');
      await newTab.getByRole('heading', { name: 'Ann Lee - My Account' }).waitFor();
      expect(await newTab.evaluate(() => sessionStorage.getItem('labshop.customerToken'))).toBeTruthy();
    } finally {
      await newTab.close();
    }
    const otherBrowser = await openTab(shop.url);
    try {
      await otherBrowser.page.goto('/my-account');
      await otherBrowser.page.waitForURL('**/signin');
      await otherBrowser.page.getByText('Please login to continue').waitFor();
    } finally {
      await otherBrowser.close();
    }
    step('new tab');
  });

  it('ends the customer session when an admin signs in (the two never mix)', async () => {
    await signInAsAdmin();
    await page.goto('/my-account');
    await page.waitForURL('**/signin');
    await page.getByText('Please login to continue').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
