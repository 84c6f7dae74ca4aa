import { resolve } from 'node:path';
import { readConfig } from '@labshop/platform/config';
import { createLogger } from '@labshop/platform/logger';
import { openStores } from '@labshop/platform/stores';
import { jwtSecret } from '@labshop/platform/jwt-secret';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { buildCommandApp } from '../app.ts';
import { seedAuthorization, seedDemoCatalogue } from './seed-catalogue.ts';
import { seedDemoServices } from './seed-services.ts';
import { seedDemoBlog } from './seed-blog.ts';

/**
 * `npm run seed`: the demo catalogue, written through the command API in this process (no running shop
 * needed, same stores and content folder as the configuration names). Running shops pick it up through
 * their projectors like any admin's edits.
 */
const config = readConfig();
const logger = createLogger(config.LOG_LEVEL, 'seed');
const stores = await openStores(config);
const tokens = createTokenService(await jwtSecret(config));
const commands = await buildCommandApp({
  eventStore: stores.eventStore,
  tokens,
  contentDir: resolve(config.DATA_DIR, 'content'),
});
try {
  const started = Date.now();
  const { created } = await seedDemoCatalogue({
    commands,
    authorization: await seedAuthorization(tokens),
    eventStore: stores.eventStore,
    logger,
  });
  logger.info(
    { ...created, ms: Date.now() - started },
    created.details + created.files + created.products + created.subproducts === 0
      ? 'nothing to add: the demo catalogue is complete'
      : 'done',
  );
  await seedDemoServices({
    commands,
    authorization: await seedAuthorization(tokens),
    eventStore: stores.eventStore,
    logger,
  });
  await seedDemoBlog({
    commands,
    authorization: await seedAuthorization(tokens),
    eventStore: stores.eventStore,
    logger,
  });
} finally {
  await commands.close();
  await stores.close();
}
