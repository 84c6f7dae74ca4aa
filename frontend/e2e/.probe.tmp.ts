import { launchBrowser } from './browser.ts';
const browser = await launchBrowser();
const page = await browser.newPage();
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
page.on('console', (m) => console.log('CONSOLE', m.type(), m.text()));
await page.goto('http://127.0.0.1:4517/');
await page.waitForTimeout(3000);
console.log((await page.content()).slice(0, 1500));
await browser.close();
