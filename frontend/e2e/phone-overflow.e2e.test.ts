import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isAdminRoute,
  openRoute,
  pathsWithoutUrl,
  routePaths,
  startRouteWalk,
  type RouteWalk,
  type Session,
  type WalkSetup,
} from './route-walk.ts';

const phone = { width: 390, height: 844 };

/**
 * The Done-when walk: every route of the router at 390 px, signed out, signed in as a customer and
 * (for the back office) as an admin, on the demo catalogue plus an order with long names, and no page
 * wider than the phone.
 */
describe('phone walk: no route of the router scrolls sideways at 390 px', () => {
  let setup: WalkSetup;
  let page: Page;
  let walk: RouteWalk;

  beforeAll(async () => {
    setup = await startRouteWalk(phone);
    ({ page, walk } = setup);
  });

  afterAll(() => setup?.stop());

  /** Visits each URL as the session, and answers the pages wider than the phone. */
  async function overflowing(paths: string[], session: Session) {
    await walk.signIn(page, session);
    const found: string[] = [];
    for (const path of paths) {
      await openRoute(page, walk.urlOf(path));
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      if (scrollWidth > innerWidth) found.push(`${walk.urlOf(path)} (${session}): ${scrollWidth} px`);
    }
    return found;
  }

  it('the search box keeps the full width of the header with the phone menu closed and open', async () => {
    await page.goto('/');
    const search = page.getByRole('combobox', { name: 'Search products' });
    const widthOfSearch = async () => (await search.boundingBox())?.width ?? 0;
    const closed = await widthOfSearch();
    expect(closed).toBeGreaterThan(200);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).waitFor();
    expect(await widthOfSearch()).toBeGreaterThanOrEqual(closed - 1);
  });

  it('phones: the home page on the demo catalogue is under 4,000 px tall at 390 px (it was 5,275), and /products shorter than the 5,606 px QA measured', async () => {
    const heightOf = async (url: string) => {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await page.getByRole('main').getByRole('heading', { level: 2 }).first().waitFor();
      await page.waitForTimeout(300);
      return page.evaluate(() => document.documentElement.scrollHeight);
    };
    const heights = { home: await heightOf('/'), products: await heightOf('/products') };
    console.info(`Heights at 390 px: ${JSON.stringify(heights)}`);
    expect(heights.home).toBeLessThan(4_000);
    expect(heights.products).toBeLessThan(5_606);
  });

  it('phones: the audit log and an order page fold their long parts (QA: 11,266 px and 8,846 px at 390 px)', async () => {
    await walk.signIn(page, 'admin');
    const heightOf = async (url: string, ready: () => Promise<void>) => {
      await page.goto(url);
      await ready();
      await page.waitForLoadState('networkidle');
      return page.evaluate(() => document.documentElement.scrollHeight);
    };
    const audit = await heightOf('/admin/audit', () =>
      page.getByRole('table', { name: 'Audit log, newest first' }).waitFor(),
    );
    // Every entry's table of fields is folded behind its summary.
    expect(await page.locator('details.history-changes-fold[open]').count()).toBe(0);
    expect(await page.locator('details.history-changes-fold').count()).toBeGreaterThan(10);
    const order = await heightOf(walk.urlOf('admin/orders/:orderId'), () =>
      page.getByRole('heading', { level: 2, name: 'History' }).waitFor(),
    );
    console.info(`Heights at 390 px: ${JSON.stringify({ audit, order })}`);
    expect(audit).toBeLessThan(8_000);
    expect(order).toBeLessThan(6_000);
    await page.evaluate(() => sessionStorage.removeItem('labshop.adminToken'));
  });

  it('knows a URL for every route of the router', () => {
    expect(routePaths().length).toBeGreaterThan(40);
    expect(pathsWithoutUrl(walk)).toEqual([]);
  });

  it.each(['signed out', 'customer'] as const)(
    'no storefront or account page is wider than 390 px, %s',
    async (session) => {
      expect(
        await overflowing(
          routePaths().filter((path) => !isAdminRoute(path)),
          session,
        ),
      ).toEqual([]);
    },
  );

  it('no back-office page is wider than 390 px for an admin', async () => {
    expect(await overflowing(routePaths().filter(isAdminRoute), 'admin')).toEqual([]);
  });
});
