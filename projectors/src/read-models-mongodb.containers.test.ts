import { afterAll, beforeAll } from 'vitest';
import { createMongoReadStore } from '@labshop/platform/read-store/index';
import {
  containerRuntime,
  describeWithContainers,
  startMongoReplicaSet,
  type StartedServer,
} from '@labshop/platform/testing/containers';
import { readModelsContract } from './read-models.contract.ts';

describeWithContainers('Read models on MongoDB', await containerRuntime(), () => {
  let server: StartedServer;

  beforeAll(async () => {
    server = await startMongoReplicaSet();
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  readModelsContract('MongoDB', () => createMongoReadStore({ url: server.url, database: 'labshop_read_models' }));
});
