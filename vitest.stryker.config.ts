import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The tests `npm run test:mutation` (Stryker, stryker.config.mjs) runs against each mutant of the domain core: the pure
 * unit tests of the contracts and of the command API's cart and stock deciders (no database, a few seconds in all).
 * `npm test` never reads this file (vitest picks `vitest.config.ts`).
 */
const contracts = fileURLToPath(new URL('./shared/contracts/src/', import.meta.url));

export default defineConfig({
  resolve: {
    // Stryker mutates a copy of the repository (its sandbox) that shares the real node_modules, whose
    // `@labshop/contracts` link leads back to the unmutated sources: the package's exports ("./*": "./src/*.ts")
    // are resolved here instead, inside the copy, so the command API's tests see the contracts' mutants too.
    alias: [{ find: /^@labshop\/contracts\/(.*)$/, replacement: `${contracts}$1.ts` }],
  },
  test: {
    include: ['shared/contracts/src/**/*.unit.test.ts', 'command-api/src/{carts,stock}/**/*.unit.test.ts'],
    // The deciders' properties (fast-check) replay hundreds of random command runs, seconds a file here: against every
    // mutant they cover they would make a run many times longer. `npm test` runs them.
    exclude: ['**/*-properties.unit.test.ts'],
  },
});
