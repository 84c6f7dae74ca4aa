import { chromium, type Browser, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless Chromium from the OS package; playwright's own browser download does not work here. */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

export interface BrowserTab {
  page: Page;
  /** Uncaught errors of the page, for a journey to assert there were none. */
  pageErrors: string[];
  close(): Promise<void>;
}

/** One tab in a fresh headless Chromium, relative URLs resolved against `baseURL`. */
export async function openTab(baseURL: string, viewport = { width: 1280, height: 900 }): Promise<BrowserTab> {
  const browser = await launchBrowser();
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return {
    page,
    pageErrors,
    async close() {
      await context.close();
      await browser.close();
    },
  };
}
