import { launchBrowser } from './browser.ts';
const base = 'http://127.0.0.1:4517';
const browser = await launchBrowser();
const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
const page = await context.newPage();
const errors: string[] = [];
page.on('pageerror', (e) => errors.push(e.message));
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
const which = process.argv[2] ?? 'all';
if (which === 'all' || which === 'home') {
  await page.goto('/');
  await page.getByRole('heading', { name: 'Best Sellers' }).waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/sf-home.png', fullPage: true });
}
if (which === 'all' || which === 'products') {
  await page.goto('/products');
  await page.locator('.overview-card').first().waitFor();
  await page.locator('summary').first().click();
  await page.screenshot({ path: '/tmp/sf-products.png', fullPage: true });
}
if (which === 'all' || which === 'menu') {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Products' }).click();
  await page.screenshot({ path: '/tmp/sf-menu.png' });
  const first = page.getByRole('navigation', { name: 'Main' }).getByRole('list', { name: 'Products' }).getByRole('link').first();
  await first.click();
  await page.locator('.product-card').first().waitFor();
  await page.screenshot({ path: '/tmp/sf-main.png', fullPage: true });
  await page.locator('.product-card a').first().click();
  await page.locator('.product-card').first().waitFor();
  await page.screenshot({ path: '/tmp/sf-grid.png', fullPage: true });
  await page.locator('.product-card a').first().click();
  await page.getByRole('button', { name: 'Add to cart' }).waitFor();
  await page.screenshot({ path: '/tmp/sf-detail.png', fullPage: true });
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.waitForTimeout(200);
  await page.screenshot({ path: '/tmp/sf-detail-msg.png' });
  const radio = page.getByRole('radio').first();
  if (await radio.count()) { await radio.check(); await page.getByRole('button', { name: 'Add to cart' }).click(); await page.getByRole('dialog').waitFor(); await page.screenshot({ path: '/tmp/sf-dialog.png' }); }
}
if (which === 'all' || which === 'search') {
  await page.goto('/');
  await page.getByRole('combobox').fill('cell');
  await page.getByRole('listbox').waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.screenshot({ path: '/tmp/sf-search.png' });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/search?q=cell');
  await page.locator('.product-card').first().waitFor();
  await page.screenshot({ path: '/tmp/sf-results.png', fullPage: true });
}
console.log('errors', errors);
await browser.close();
