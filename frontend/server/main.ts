import { runService } from '@labshop/platform/run-service';
import { startLabShop } from './labshop.ts';

await runService('labshop', async (config, logger) => {
  const shop = await startLabShop(config, logger, { seedDemoCatalogue: true });
  logger.info(`LabShop is running at ${shop.url}`);
  if (!config.ADMIN_EMAIL)
    logger.info('No ADMIN_EMAIL/ADMIN_PASSWORD set: create an admin with `npm run admin:create -- <email> <password>`');
  return shop;
});
