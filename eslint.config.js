import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * What the browser bundle may run from shared: its contract folders (a new module there is a contract too) and
 * its pure helpers. None of them uses a Node API or a server package, or imports a part of shared outside this
 * list, so no import from the browser can pull Node in (`sharedContracts` holds them to it). The modules in
 * `nodeInside` sit in those folders but need Node (two event modules hash emails with node:crypto; the sales-tax
 * table's generator is a script): the browser imports only their types.
 */
const browserSafeShared = {
  folders: ['commands', 'queries', 'events', 'carts', 'orders', 'tax', 'stock'],
  modules: ['money', 'dates', 'us-states', 'same-value', 'exhaustive', 'company-profile', 'service-facts', 'event-store/port', 'read-store/port'],
  nodeInside: ['events/customers', 'events/admins', 'tax/generate-sales-tax-table'],
};
const tests = ['**/*.test.ts', '**/*.test.tsx'];
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Resolves imports for import-x's no-restricted-paths: TypeScript files, the frontend's `@/` alias, workspaces through node_modules. */
const importResolution = {
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'], alias: { '@': [`${root}frontend/src`] } })],
  },
};


export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/bench/**', '**/cli/**', '.ci/**', '**/e2e/**'],
    rules: { 'no-console': 'off' },
  },
  ...workspaceBoundaries(),
  ...frontendZones(),
);

/**
 * Node APIs and the server's packages (every dependency of the services, zod aside, which the contracts and
 * the browser share; the gateway's @fastify plugins): neither browser code nor the contracts it imports use them.
 */
function nodeImports() {
  const services = ['shared', 'command-api', 'query-api', 'projectors', 'workers'];
  const dependencies = services.flatMap((name) => Object.keys(JSON.parse(readFileSync(`${root}${name}/package.json`, 'utf8')).dependencies ?? {}));
  const serverPackages = [...new Set(dependencies)].filter((name) => !name.startsWith('@labshop/') && name !== 'zod');
  const message = 'Browser code, and the shared contracts and helpers it imports, use no Node API and no server package: they run in the browser bundle.';
  return [
    { regex: `^(node:.*|(${builtinModules.map(escapeRegex).join('|')})(/.*)?)$`, message },
    { regex: `^(${serverPackages.map(escapeRegex).join('|')}|@fastify/[\\w.-]+)(/.*)?$`, message },
  ];
}

/**
 * The arrows between workspaces, tests and benchmarks included: shared imports no service; the write side
 * and the read side (query-api, projectors, workers) never import each other; browser code imports from
 * shared only its contracts and pure helpers (`browserSafeShared`), and no Node API or server package
 * (its unit tests, which run in Node, may). frontend/server and the browser journeys (the one-process
 * launcher and its tests) may start every service.
 * A workspace is imported by its package name, whose "exports" list what it offers, never by a path
 * into its folder.
 */
function workspaceBoundaries() {
  const workspaces = ['shared', 'command-api', 'query-api', 'projectors', 'workers', 'frontend'];
  const packages = (names) => `^@labshop/(${names.join('|')})(/|$)`;
  const byPath = { regex: `^(\\.\\./)+(${workspaces.join('|')})/`, message: 'Import another workspace by its package name (@labshop/…), not by a path into its folder.' };
  const forbid = (files, names, why, { extra = [], ignores = [] } = {}) => ({
    files,
    ignores,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex: packages(names), message: why }, byPath, ...extra] }],
    },
  });
  const { folders, modules, nodeInside } = browserSafeShared;
  const safeShared = `(${folders.join('|')})/[\\w-]+|${modules.join('|')}`;
  const browserShared = [
    {
      regex: `^@labshop/shared(?!/(${safeShared})$)(/.*)?$`,
      message: `Browser code imports from shared only schemas, event and query types and pure helpers (${[...folders.map((folder) => `${folder}/*`), ...modules].join(', ')}), never adapters or server code.`,
    },
    {
      regex: `^@labshop/shared/(${nodeInside.join('|')})$`,
      allowTypeImports: true,
      message: 'These modules use Node APIs (the event modules hash emails): import only their types in the browser.',
    },
  ];
  const browserSafeFiles = [...folders.map((folder) => `shared/src/${folder}/*.ts`), ...modules.map((module) => `shared/src/${module}.ts`)];
  const services = ['command-api', 'query-api', 'projectors', 'workers', 'frontend'];
  const sharedWhy = 'shared imports no service: it is what every service builds on.';
  const frontendWhy = 'Browser code talks to the services over HTTP only.';
  return [
    forbid(['shared/**'], services, sharedWhy),
    forbid(browserSafeFiles, services, sharedWhy, { extra: nodeImports(), ignores: [...nodeInside.map((module) => `shared/src/${module}.ts`), ...tests] }),
    forbid(['command-api/**'], ['query-api', 'projectors', 'workers', 'frontend'], 'The command API decides from event streams; it never imports the read side or the frontend.'),
    forbid(['query-api/**'], ['command-api', 'workers', 'frontend'], 'The query API reads read models; tests start from given events (shared/platform/src/testing/given-events), not the command API.'),
    forbid(['projectors/**'], ['command-api', 'query-api', 'workers', 'frontend'], 'Projectors depend on events only (shared), never on another service.'),
    forbid(['workers/**'], ['command-api', 'query-api', 'projectors', 'frontend'], 'Workers react to events only (shared), never import another service; tests start from given events.'),
    forbid(['frontend/src/**'], ['command-api', 'query-api', 'projectors', 'workers'], frontendWhy, { extra: [...browserShared, ...nodeImports()], ignores: tests }),
    forbid(tests.map((test) => `frontend/src/${test}`), ['command-api', 'query-api', 'projectors', 'workers'], frontendWhy, { extra: browserShared }),
    sharedContracts(browserSafeFiles),
  ];
}

/**
 * The browser-safe part of shared imports nothing else from shared (the event store port aside, types and a
 * pure error class), so a Node API cannot reach the browser through it; the Node-only modules beside the
 * contracts are imported by none of them either.
 */
function sharedContracts(browserSafeFiles) {
  const { folders, modules, nodeInside } = browserSafeShared;
  const message = 'Shared contracts and pure helpers run in the browser bundle: they import only each other (see browserSafeShared in eslint.config.js).';
  return {
    ...importResolution,
    files: browserSafeFiles,
    ignores: [...nodeInside.map((module) => `shared/src/${module}.ts`), ...tests],
    rules: {
      'import-x/no-restricted-paths': ['error', {
        basePath: `${root}shared/src`,
        zones: [
          { target: '.', from: [`${root}shared/src/**`], except: [`${root}shared/src/{${folders.join(',')}}/*.ts`, `${root}shared/src/{${modules.join(',')}}.ts`], message },
          { target: '.', from: nodeInside.map((module) => `./${module}.ts`), message },
        ],
      }],
    },
  };
}

/**
 * bulletproof-react's unidirectional layers in frontend/src: app (router, providers, route pages) may import
 * everything; a feature imports components, hooks, lib and config but never app or another feature (one zone
 * per folder under features/); components, hooks, lib and config import no feature and not app.
 */
function frontendZones() {
  const features = readdirSync(`${root}frontend/src/features`, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  return [
    {
      ...importResolution,
      files: ['frontend/src/**'],
      rules: {
        'import-x/no-restricted-paths': ['error', {
          basePath: `${root}frontend/src`,
          zones: [
            ...features.map((feature) => ({
              target: `./features/${feature}`,
              from: './features',
              except: [`./${feature}`],
              message: 'Features never import each other: compose them in app/routes, or move the shared piece to components/ or lib/.',
            })),
            { target: './features', from: './app', message: 'Features never import app/: app composes features, not the other way round.' },
            {
              target: ['./components', './hooks', './lib', './config'],
              from: ['./features', './app'],
              message: 'components/, hooks/, lib/ and config/ are shared by every feature: they import no feature and not app/.',
            },
          ],
        }],
      },
    },
  ];
}
