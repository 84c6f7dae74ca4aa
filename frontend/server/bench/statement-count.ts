/**
 * Counts the PostgreSQL statements this process sends, by the HTTP route whose request issued them, for
 * `bench:orders` (which runs the shop in its own process). A request's handling runs in an async context
 * opened where the HTTP server hands it over, so a statement is the route's when it is sent on that
 * request's behalf (its own reads and appends, the session check, the key lookups of the events it reads) and
 * background (projections, reactors, workers, subscriptions) otherwise.
 * A statement is counted where it is asked for: `pool.query` (before it may wait for a connection, whose
 * callback would run in the releasing caller's context) and `client.query` on a checked-out client.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Server } from 'node:http';
import pg from 'pg';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** The route a request counts under: its method and path, ids as `:id`, without the query string. */
const routeOf = (method = '', url = '') => `${method} ${url.split('?')[0]!.replace(UUID, ':id')}`;

export const BACKGROUND = '(background)';

export interface StatementCounts {
  /** Statements by route, and BACKGROUND for those sent outside any request. */
  statements: Map<string, number>;
  requests: Map<string, number>;
}

const increment = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

/** The bench's own statements (its samplers), sent from the shop's process but not the shop's: not counted. */
const UNCOUNTED = '(uncounted)';

/**
 * Starts counting (once per process, before the shop opens its pools); `take()` answers the counts since the last take,
 * and `uncounted(work)` runs the bench's own work without counting its statements.
 */
export function countStatements(): { take(): StatementCounts; uncounted<T>(work: () => T): T } {
  const requestOf = new AsyncLocalStorage<string>();
  let counts: StatementCounts = { statements: new Map(), requests: new Map() };

  const emit = Server.prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event !== 'request') return emit.call(this, event, ...args);
    const { method, url } = args[0] as { method?: string; url?: string };
    const route = routeOf(method, url);
    increment(counts.requests, route);
    return requestOf.run(route, () => emit.call(this, event, ...args));
  } as typeof Server.prototype.emit;

  const count = () => {
    const route = requestOf.getStore() ?? BACKGROUND;
    if (route !== UNCOUNTED) increment(counts.statements, route);
  };
  const poolQuery = pg.Pool.prototype.query;
  pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
    count();
    return (poolQuery as (...args: unknown[]) => unknown).apply(this, args);
  } as typeof poolQuery;
  const clientQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    // pg-pool's own call for a pool.query (counted above) is the one that passes a callback.
    if (typeof args.at(-1) !== 'function') count();
    return (clientQuery as (...args: unknown[]) => unknown).apply(this, args);
  } as typeof clientQuery;

  return {
    uncounted: (work) => requestOf.run(UNCOUNTED, work),
    take() {
      const taken = counts;
      counts = { statements: new Map(), requests: new Map() };
      return taken;
    },
  };
}
