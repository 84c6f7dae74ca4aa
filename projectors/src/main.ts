import { runService } from '@labshop/platform/run-service';
import { openStores } from '@labshop/platform/stores';
import { projections } from './index.ts';
import { startProjectors } from './start.ts';

await runService('projectors', async (config, logger) => {
  const stores = await openStores(config);
  const running = startProjectors({ ...stores, projections, logger });
  return {
    async stop() {
      await running.stop();
      await stores.close();
    },
  };
});
