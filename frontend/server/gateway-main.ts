import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { trustedProxies } from '@labshop/platform/config';
import { runService } from '@labshop/platform/run-service';
import { openReadStore } from '@labshop/platform/stores';
import { servedContentFiles } from '@labshop/query-api/catalogue/served-files';
import { buildGateway } from './gateway.ts';

/** The gateway on its own (docker compose): the APIs run as separate services. */
await runService('gateway', async (config, logger) => {
  const commandApiUrl = process.env.COMMAND_API_URL;
  const queryApiUrl = process.env.QUERY_API_URL;
  if (!commandApiUrl || !queryApiUrl) throw new Error('COMMAND_API_URL and QUERY_API_URL must be set');
  const readStore = await openReadStore(config);
  const gateway = await buildGateway({
    commandApiUrl,
    queryApiUrl,
    staticDir: fileURLToPath(new URL('../dist', import.meta.url)),
    // Uploads land in the data volume the command API shares with this service.
    contentDir: resolve(config.DATA_DIR, 'content'),
    // Files removed or replaced in the catalogue stay on disk but are no longer served.
    isServedContent: servedContentFiles(readStore),
    logger,
    trustProxy: trustedProxies(config),
  });
  await gateway.listen({ host: config.HOST, port: config.PORT });
  return {
    async stop() {
      await gateway.close();
      await readStore.close();
    },
  };
});
