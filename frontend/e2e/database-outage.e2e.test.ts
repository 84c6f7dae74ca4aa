/**
 * A database outage seen from the storefront (issue 23): a signed-in shopper opens My Orders while the
 * shop's PostgreSQL (a cluster of the test's own) is stopped. The page says the shop is briefly
 * unavailable and retrying, the session stays, and once the database is back the page loads by itself.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import {
  createOwnPostgresCluster,
  ownClusterUnavailableReason,
  type OwnPostgresCluster,
} from '@labshop/platform/testing/own-postgres-cluster';
import { startTestShop, type TestShop } from '../server/testing/test-shop.ts';
import { openTab, type BrowserTab } from './browser.ts';

const unavailable = ownClusterUnavailableReason();
if (unavailable) console.warn(`Skipping the storefront outage journey: ${unavailable}`);

const jwtSecret = randomBytes(32).toString('hex');
let cluster: OwnPostgresCluster;
let shop: TestShop;
let tab: BrowserTab;
let page: Page;

beforeAll(async () => {
  if (unavailable) return;
  cluster = await createOwnPostgresCluster();
  shop = await startTestShop({ DATABASE_URL: cluster.url('labshop'), JWT_SECRET: jwtSecret, LOG_LEVEL: 'error' });
  tab = await openTab(shop.url);
  page = tab.page;
});

afterAll(async () => {
  await tab?.close();
  await shop?.stop();
  await cluster?.drop();
});

describe.skipIf(unavailable)('the storefront while the database is away', () => {
  it('keeps the session, says it is retrying, and loads the page once the database is back', async () => {
    const token = await createTokenService(jwtSecret).sign(
      { role: 'customer', sub: randomUUID(), email: 'ann.lee@example.com', givenName: 'Ann', familyName: 'Lee' },
      '1h',
    );
    await page.goto('/');
    await page.evaluate((stored) => localStorage.setItem('labshop.customerToken', stored), token);
    await page.goto('/my-order');
    await page.getByText('You have not placed an order yet.').waitFor();

    await cluster.stop();
    try {
      await page.reload();
      const notice = page.getByRole('status').filter({ hasText: 'The shop is briefly unavailable. Retrying…' });
      await notice.waitFor();
      expect(await page.evaluate(() => localStorage.getItem('labshop.customerToken'))).toBe(token);
      expect(page.url()).toMatch(/\/my-order$/);
    } finally {
      await cluster.start();
    }

    // The retry after Retry-After (5 s) finds the database back: the page loads by itself, still signed in.
    await page.getByText('You have not placed an order yet.').waitFor({ timeout: 30_000 });
    await page.getByRole('status').filter({ hasText: 'briefly unavailable' }).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('labshop.customerToken'))).toBe(token);
    expect(page.url()).toMatch(/\/my-order$/);
    expect(tab.pageErrors).toEqual([]);
  });
});
