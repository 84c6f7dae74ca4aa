/**
 * The load generator, run as a child process so it has an event loop (and a core) of its own: a
 * fixed number of keep-alive connections, each sending its next request as soon as the previous
 * answer is read, for a fixed time. Reports every latency and any non-200 answer.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface LoadRequest {
  origin: string;
  /** Paths sent round-robin. */
  paths: string[];
  connections: number;
  /** Load for this long, or, when null, until every path has been asked for once. */
  durationMs: number | null;
}

export interface LoadResult {
  requests: number;
  errors: number;
  elapsedMs: number;
  latenciesMs: number[];
}

function get(agent: Agent, url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

async function run({ origin, paths, connections, durationMs }: LoadRequest): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const urls = paths.map((path) => new URL(path, origin));
  const latenciesMs: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + (durationMs ?? Infinity);
  const more = () => (durationMs === null ? next < urls.length : performance.now() < deadline);
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (more()) {
        const url = urls[next++ % urls.length]!;
        const sent = performance.now();
        const status = await get(agent, url).catch(() => 0);
        latenciesMs.push(performance.now() - sent);
        if (status !== 200) errors++;
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  agent.destroy();
  return { requests: latenciesMs.length, errors, elapsedMs, latenciesMs };
}

process.once('message', async (loadRequest: LoadRequest) => {
  process.send!(await run(loadRequest), () => process.exit(0));
});
