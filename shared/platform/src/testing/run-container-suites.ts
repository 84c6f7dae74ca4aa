/**
 * `npm run test:containers`: what needs containers, against the images pinned in `container-images.ts`.
 * 1. The container suites (`*.containers.test.ts`): the event-store contract on EventStoreDB (bare, and under
 *    the personal-data store with its keys in MongoDB), the read-store contract and every read model on a
 *    MongoDB replica set, the MongoDB key store. They fail rather than skip here (REQUIRE_CONTAINERS_ENV).
 * 2. The query API's suites (every query route, with the projectors running) again, their read models on a
 *    MongoDB replica set started here (TEST_MONGODB_URL_ENV); their events stay in PostgreSQL, so this part
 *    needs PostgreSQL as `npm test` does.
 * Where no container runtime answers it fails at once with one line saying why, where `npm test` skips the
 * container suites and runs the query API's on PostgreSQL.
 */
import { spawnSync } from 'node:child_process';
import {
  CONTAINER_SUITE_SUFFIX,
  containerRuntime,
  noRuntimeLine,
  REQUIRE_CONTAINERS_ENV,
  startMongoReplicaSet,
} from './containers.ts';
import { TEST_MONGODB_URL_ENV } from './stores.ts';

const QUERY_SUITES = 'query-api/src/';

const found = await containerRuntime();
if (!found.available) {
  console.error(noRuntimeLine(found.reason));
  process.exit(1);
}

function vitest(title: string, filter: string, env: NodeJS.ProcessEnv = {}): boolean {
  console.error(`\n== ${title}`);
  const run = spawnSync('npx', ['vitest', 'run', filter], {
    stdio: 'inherit',
    env: { ...process.env, [REQUIRE_CONTAINERS_ENV]: '1', ...env },
  });
  return run.status === 0;
}

const results: [string, boolean][] = [];
results.push(['container suites', vitest(`the container suites (*${CONTAINER_SUITE_SUFFIX})`, CONTAINER_SUITE_SUFFIX)]);
const mongo = await startMongoReplicaSet();
try {
  results.push([
    'query API on MongoDB',
    vitest('the query API’s suites, read models on MongoDB', QUERY_SUITES, { [TEST_MONGODB_URL_ENV]: mongo.url }),
  ]);
} finally {
  await mongo.stop();
}
console.error(`\n${results.map(([name, passed]) => `${name}: ${passed ? 'passed' : 'FAILED'}`).join('; ')}`);
process.exit(results.every(([, passed]) => passed) ? 0 : 1);
