import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
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

// axe-core's own script, put into each page through the DevTools protocol (page.evaluate), which the shop's CSP
// does not refuse as it refuses an injected <script>.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };

const sessions: { session: Session; paths: string[] }[] = [
  { session: 'signed out', paths: routePaths().filter((path) => !isAdminRoute(path)) },
  { session: 'customer', paths: routePaths().filter((path) => !isAdminRoute(path)) },
  { session: 'admin', paths: routePaths().filter(isAdminRoute) },
];

/**
 * axe-core on every route of the router (so a new route is walked without a line here), signed out, as a customer
 * and (the back office) as staff, each page at 1280 px and at 390 px: no serious or critical violation.
 * One shop and one tab for the whole walk; a page is opened once and checked at both widths.
 */
describe('accessibility walk: axe finds nothing serious or critical on any route of the router', () => {
  let setup: WalkSetup;
  let page: Page;
  let walk: RouteWalk;

  beforeAll(async () => {
    setup = await startRouteWalk(desktop);
    ({ page, walk } = setup);
  });

  afterAll(() => setup?.stop());

  /** The serious and critical violations axe finds on the page as it is now, one line each. */
  async function seriousViolations(): Promise<string[]> {
    const { violations } = await page.evaluate(
      (options) => (window as unknown as { axe: { run(options: RunOptions): Promise<AxeResults> } }).axe.run(options),
      { resultTypes: ['violations'] } satisfies RunOptions,
    );
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.impact} ${violation.id} (${violation.help}) at ${violation.nodes
            .slice(0, 3)
            .map((node) => node.target.join(' '))
            .join(', ')}`,
      );
  }

  it('knows a URL for every route of the router', () => {
    expect(routePaths().length).toBeGreaterThan(40);
    expect(pathsWithoutUrl(walk)).toEqual([]);
  });

  describe.each(sessions)('$session', ({ session, paths }) => {
    beforeAll(() => walk.signIn(page, session));

    it.each(paths)('/%s at 1280 px and 390 px', async (path) => {
      await page.setViewportSize(desktop);
      await openRoute(page, walk.urlOf(path));
      await page.evaluate(axeSource);
      const atDesktop = await seriousViolations();
      await page.setViewportSize(phone);
      await page.waitForTimeout(150);
      expect({ 1280: atDesktop, 390: await seriousViolations() }).toEqual({ 1280: [], 390: [] });
    });
  });
});
