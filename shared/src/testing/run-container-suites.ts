/**
 * `npm run test:containers`: exactly the suites that need containers (`*.containers.test.ts`: the EventStoreDB
 * event store, the MongoDB read store and read models, the MongoDB key store), each against the image pinned in
 * `container-images.ts`. Where no container runtime answers it fails at once with one line saying why, where
 * `npm test` skips the same suites; and the suites themselves fail rather than skip (REQUIRE_CONTAINERS_ENV).
 */
import { spawnSync } from 'node:child_process';
import { CONTAINER_SUITE_SUFFIX, containerRuntime, noRuntimeLine, REQUIRE_CONTAINERS_ENV } from './containers.ts';

const found = await containerRuntime();
if (!found.available) {
  console.error(noRuntimeLine(found.reason));
  process.exit(1);
}
const vitest = spawnSync('npx', ['vitest', 'run', CONTAINER_SUITE_SUFFIX, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, [REQUIRE_CONTAINERS_ENV]: '1' },
});
process.exit(vitest.status ?? 1);
