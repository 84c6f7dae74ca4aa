import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStoreDbEventStore } from './eventstoredb-event-store.ts';

// A TCP endpoint that hangs up on every connection: the client sees UNAVAILABLE, as when the
// server restarts. Runs without a container, so the retry path is covered on every machine.
let server: Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('EventStoreDB event store with the server unreachable', () => {
  it('rejects an append, keeps a subscription alive retrying, and still stops promptly', async () => {
    const store = createEventStoreDbEventStore({ connectionString: `esdb://127.0.0.1:${port}?tls=false` });
    const metadata = {
      actor: { kind: 'system' as const, id: 'test', email: 'test@labshop.test' },
      correlationId: 'c',
      causationId: 'c',
      occurredAt: new Date().toISOString(),
    };
    await expect(
      store.append('unreachable-1', [{ type: 'Noted', data: {}, metadata }], { expectedRevision: 'any' }),
    ).rejects.toThrow(/UNAVAILABLE/);

    let settled = false;
    const subscription = store.subscribe({}, async () => undefined);
    subscription.done.then(
      () => (settled = true),
      () => (settled = true),
    );
    const connectionsBefore = connections;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(settled).toBe(false);
    expect(connections).toBeGreaterThan(connectionsBefore);

    const stopStarted = Date.now();
    await subscription.stop();
    await expect(subscription.done).resolves.toBeUndefined();
    expect(Date.now() - stopStarted).toBeLessThan(1_000);
    await store.close();
  });
});
