import { afterAll, beforeAll } from 'vitest';
import { containerRuntime, describeWithContainers, startMongo, type StartedServer } from '../../testing/containers.ts';
import { keyStoreContract } from './key-store.contract.ts';
import { createMongoKeyStore } from './mongodb-key-store.ts';

describeWithContainers('MongoDB key store', await containerRuntime(), () => {
  let server: StartedServer;

  beforeAll(async () => {
    server = await startMongo();
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  keyStoreContract('MongoDB', async () => createMongoKeyStore({ url: server.url, database: 'labshop_keys' }));
});
