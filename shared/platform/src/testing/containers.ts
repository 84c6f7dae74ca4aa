import { MongoClient } from 'mongodb';
import { GenericContainer, getContainerRuntimeClient, Wait, type StartedTestContainer } from 'testcontainers';
import { describe, it } from 'vitest';
import { CONTAINER_IMAGES } from './container-images.ts';

/**
 * The suites that need containers (EventStoreDB, MongoDB) live in `*.containers.test.ts` files and open
 * with `describeWithContainers`. Under `npm test` they skip with a printed reason when no container
 * runtime answers; under `npm run test:containers` (REQUIRE_CONTAINERS_ENV set) they fail instead.
 */
export const REQUIRE_CONTAINERS_ENV = 'LABSHOP_REQUIRE_CONTAINERS';

/** How a suite that needs containers is named: `npm run test:containers` runs the files ending so, and only those. */
export const CONTAINER_SUITE_SUFFIX = '.containers.test.ts';

export type ContainerRuntime = { available: true } | { available: false; reason: string };

let runtime: Promise<ContainerRuntime> | undefined;

/** Whether testcontainers finds a Docker-compatible runtime, and if not, why (one line). */
export function containerRuntime(): Promise<ContainerRuntime> {
  runtime ??= getContainerRuntimeClient().then(
    (): ContainerRuntime => ({ available: true }),
    (error: unknown): ContainerRuntime => ({
      available: false,
      reason: `${oneLine(error)} (testcontainers tried DOCKER_HOST, ~/.testcontainers.properties and the Docker sockets, /var/run/docker.sock and the rootless ones)`,
    }),
  );
  return runtime;
}

/** The line `npm run test:containers` fails with, and the reason a skipped suite prints. */
export const noRuntimeLine = (reason: string) => `no container runtime: ${reason}`;

/**
 * A suite that needs containers: run when a runtime answers; otherwise skipped with its reason printed,
 * or (under `npm run test:containers`) one failing test saying there is no runtime.
 */
export function describeWithContainers(title: string, found: ContainerRuntime, body: () => void): void {
  if (found.available) {
    describe(title, body);
    return;
  }
  if (process.env[REQUIRE_CONTAINERS_ENV] === '1') {
    describe(title, () => {
      it('has a container runtime to start its servers in', () => {
        throw new Error(noRuntimeLine(found.reason));
      });
    });
    return;
  }
  console.warn(`${title} skipped: ${noRuntimeLine(found.reason)}`);
  describe.skip(title, body);
}

export interface StartedServer {
  /** The connection string a client of this server uses. */
  url: string;
  stop(): Promise<void>;
}

/** EventStoreDB, insecure and in memory, as the contract suites use it. */
export async function startEventStoreDb(): Promise<StartedServer> {
  const container = await new GenericContainer(CONTAINER_IMAGES.eventstore)
    .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None', EVENTSTORE_MEM_DB: 'true' })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
    .withStartupTimeout(120_000)
    .start();
  return served(container, `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`);
}

/** A standalone MongoDB (no transactions): enough for the key store. */
export async function startMongo(): Promise<StartedServer> {
  const container = await new GenericContainer(CONTAINER_IMAGES.mongo)
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
    .start();
  return served(container, `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`);
}

/** A single-node MongoDB replica set, primary when this resolves: MongoDB only runs transactions on a replica set. */
export async function startMongoReplicaSet(): Promise<StartedServer> {
  const container = await new GenericContainer(CONTAINER_IMAGES.mongo)
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
  if (initiated.exitCode !== 0) {
    await container.stop();
    throw new Error(`rs.initiate failed: ${initiated.output}`);
  }
  const server = served(
    container,
    `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`,
  );
  await waitForPrimary(server.url).catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  return server;
}

function served(container: StartedTestContainer, url: string): StartedServer {
  return {
    url,
    async stop() {
      await container.stop();
    },
  };
}

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

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').trim() || 'no reason given';
}
