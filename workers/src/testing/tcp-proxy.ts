import { createConnection, createServer, type Server, type Socket } from 'node:net';

/** A TCP forwarder a test can cut (as if Redis went away) and restore on the same port. */
export interface TcpProxy {
  port: number;
  /** Stops listening and drops every open connection: clients see their server vanish. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = async () => {
    const listening = createServer((client) => {
      const upstream = createConnection(target);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
    });
    const address = listening.address();
    if (address === null || typeof address === 'string') throw new Error('proxy has no TCP address');
    port = address.port;
    server = listening;
  };

  await listen();
  return {
    get port() {
      return port;
    },
    async cut() {
      const closing = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    restore: listen,
  };
}
