import { GenericContainer, getContainerRuntimeClient, Wait, type StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe } from 'vitest';
import { keyStoreContract } from './key-store.contract.ts';
import { createMongoKeyStore } from './mongodb-key-store.ts';

const hasRuntime = await getContainerRuntimeClient().then(
  () => true,
  () => false,
);
if (!hasRuntime) console.warn('Skipping the MongoDB key-store contract: no container runtime answers (testcontainers found none).');

describe.skipIf(!hasRuntime)('MongoDB key store', () => {
  let container: StartedTestContainer;
  let url: string;

  beforeAll(async () => {
    container = await new GenericContainer('mongo:8').withExposedPorts(27017).withWaitStrategy(Wait.forLogMessage(/Waiting for connections/)).start();
    url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`;
  });
  afterAll(async () => {
    await container?.stop();
  });

  keyStoreContract('MongoDB', async () => createMongoKeyStore({ url, database: 'labshop_keys' }));
});
