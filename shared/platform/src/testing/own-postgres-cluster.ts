import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of a test's own, on a free port, for outage drills: the machine's shared
 * server (5432) is never stopped. Needs Debian's postgresql-common tools and root (CI runs as root).
 */
export interface OwnPostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database: string): string;
  /** `pg_ctlcluster stop -m fast`: every session ends with 57P01, new connections are refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster and deletes it with its data. */
  drop(): Promise<void>;
}

/** Why an outage drill cannot run here, or null when it can. */
export function ownClusterUnavailableReason(): string | null {
  if (process.getuid?.() !== 0) return 'creating a PostgreSQL cluster needs root (CI runs as root)';
  if (!postgresVersion()) return 'no PostgreSQL installation under /etc/postgresql (postgresql-common)';
  return null;
}

/** settings: postgresql.conf parameters the cluster starts with. */
export async function createOwnPostgresCluster({
  settings = {},
}: { settings?: Record<string, string> } = {}): Promise<OwnPostgresCluster> {
  const version = postgresVersion();
  if (!version) throw new Error('no PostgreSQL installation under /etc/postgresql');
  const name = `labshop_outage_${randomBytes(4).toString('hex')}`;
  const port = await freePort();
  const ctl = (action: string, ...options: string[]) =>
    run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, action, ...options]);
  const configuration = Object.entries(settings).flatMap(([setting, value]) => ['-o', `${setting}=${value}`]);
  await run('pg_createcluster', [
    version,
    name,
    '--port',
    String(port),
    ...configuration,
    '--start',
    '--',
    '--auth=trust',
  ]);
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: () => ctl('stop', '-m', 'fast').then(() => undefined),
    start: () => ctl('start').then(() => undefined),
    drop: () => run('pg_dropcluster', ['--stop', version, name]).then(() => undefined),
  };
}

function postgresVersion(): string | undefined {
  try {
    return readdirSync('/etc/postgresql').sort((a, b) => Number(b) - Number(a))[0];
  } catch {
    return undefined;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
