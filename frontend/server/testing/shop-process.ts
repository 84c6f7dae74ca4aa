/**
 * The whole shop as a process of its own, for drills that must see whether it lives through a fault:
 * configured from the environment like `npm start` (without the demo seed), it prints one line
 * `{"url": ...}` on stdout once it answers, and stops cleanly on SIGTERM.
 */
import { readConfig } from '@labshop/platform/config';
import { createLogger } from '@labshop/platform/logger';
import { startLabShop } from '../labshop.ts';

const config = readConfig();
const shop = await startLabShop(config, createLogger(config.LOG_LEVEL, 'labshop', process.stderr));
process.stdout.write(`${JSON.stringify({ url: shop.url })}\n`);
process.once('SIGTERM', () => {
  shop.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
