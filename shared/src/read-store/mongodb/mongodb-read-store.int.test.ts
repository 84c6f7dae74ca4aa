import { MongoClient } from 'mongodb';
import { GenericContainer, getContainerRuntimeClient, Wait, type StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe } from 'vitest';
import { readStoreContract } from '../read-store.contract.ts';
import { createMongoReadStore } from './mongodb-read-store.ts';

const hasRuntime = await getContainerRuntimeClient().then(
  () => true,
  () => false,
);
if (!hasRuntime) console.warn('Skipping the MongoDB read-store contract: no container runtime answers (testcontainers found none).');

describe.skipIf(!hasRuntime)('MongoDB read store', () => {
  let container: StartedTestContainer;
  let url: string;

  beforeAll(async () => {
    // A single-node replica set: MongoDB only runs transactions on a replica set.
    container = await new GenericContainer('mongo:8')
      .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
      .withExposedPorts(27017)
      .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
      .start();
    const initiated = await container.exec([
      'mongosh',
      '--quiet',
      '--eval',
      "rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'localhost:27017' }] })",
    ]);
    if (initiated.exitCode !== 0) throw new Error(`rs.initiate failed: ${initiated.output}`);
    url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`;
    await waitForPrimary(url);
  });
  afterAll(async () => {
    await container?.stop();
  });

  readStoreContract('MongoDB', () => createMongoReadStore({ url, database: 'labshop_read_store' }));
});

async function waitForPrimary(url: string): Promise<void> {
  const client = new MongoClient(url);
  try {
    for (let attempt = 0; attempt < 60; attempt++) {
      const hello = await client.db('admin').command({ hello: 1 });
      if (hello.isWritablePrimary === true) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error('The MongoDB replica set elected no primary within 30 s');
  } finally {
    await client.close();
  }
}
