import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { trustedProxies } from '@labshop/shared/config';
import { runService } from '@labshop/shared/run-service';
import { buildGateway } from './gateway.ts';

/** The gateway on its own (docker compose): the APIs run as separate services. */
await runService('gateway', async (config, logger) => {
  const commandApiUrl = process.env.COMMAND_API_URL;
  const queryApiUrl = process.env.QUERY_API_URL;
  if (!commandApiUrl || !queryApiUrl) throw new Error('COMMAND_API_URL and QUERY_API_URL must be set');
  const gateway = await buildGateway({
    commandApiUrl,
    queryApiUrl,
    staticDir: fileURLToPath(new URL('../dist', import.meta.url)),
    // Uploads land in the data volume the command API shares with this service.
    contentDir: resolve(config.DATA_DIR, 'content'),
    logger,
    trustProxy: trustedProxies(config),
  });
  await gateway.listen({ host: config.HOST, port: config.PORT });
  return { stop: () => gateway.close() };
});
