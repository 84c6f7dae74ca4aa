import { afterAll, beforeAll } from 'vitest';
import {
  containerRuntime,
  describeWithContainers,
  startEventStoreDb,
  type StartedServer,
} from '../../testing/containers.ts';
import { eventStoreContract } from '../event-store.contract.ts';
import { createEventStoreDbEventStore } from './eventstoredb-event-store.ts';

describeWithContainers('EventStoreDB event store', await containerRuntime(), () => {
  let server: StartedServer;

  beforeAll(async () => {
    server = await startEventStoreDb();
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  eventStoreContract('EventStoreDB', async () => createEventStoreDbEventStore({ connectionString: server.url }));
});
