import { afterAll, beforeAll } from 'vitest';
import {
  containerRuntime,
  describeWithContainers,
  startMongoReplicaSet,
  type StartedServer,
} from '../../testing/containers.ts';
import { readStoreContract } from '../read-store.contract.ts';
import { createMongoReadStore } from './mongodb-read-store.ts';

describeWithContainers('MongoDB read store', await containerRuntime(), () => {
  let server: StartedServer;

  beforeAll(async () => {
    server = await startMongoReplicaSet();
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  readStoreContract('MongoDB', () => createMongoReadStore({ url: server.url, database: 'labshop_read_store' }));
});
