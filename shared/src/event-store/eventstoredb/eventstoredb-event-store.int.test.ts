import { GenericContainer, Wait, getContainerRuntimeClient, type StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe } from 'vitest';
import { eventStoreContract } from '../event-store.contract.ts';
import { createEventStoreDbEventStore } from './eventstoredb-event-store.ts';

const hasRuntime = await getContainerRuntimeClient().then(
  () => true,
  () => false,
);
if (!hasRuntime) console.warn('EventStoreDB event store contract skipped: no container runtime answers (testcontainers found none).');

describe.skipIf(!hasRuntime)('EventStoreDB event store', () => {
  let container: StartedTestContainer;
  let connectionString: string;

  beforeAll(async () => {
    container = await new GenericContainer('eventstore/eventstore:24.10')
      .withEnvironment({
        EVENTSTORE_INSECURE: 'true',
        EVENTSTORE_RUN_PROJECTIONS: 'None',
        EVENTSTORE_MEM_DB: 'true',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .withStartupTimeout(120_000)
      .start();
    connectionString = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
  }, 180_000);

  afterAll(async () => {
    await container?.stop();
  });

  eventStoreContract('EventStoreDB', async () => createEventStoreDbEventStore({ connectionString }));
});
