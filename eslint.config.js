import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const root = fileURLToPath(new URL('.', import.meta.url));

const tests = ['**/*.test.ts', '**/*.test.tsx'];
/** The contracts' test kit: helpers only tests import (given/when/then for deciders, runs of random commands), so they may use vitest. */
const contractsTestKit = [
  'shared/contracts/src/testing/decider-spec.ts',
  'shared/contracts/src/testing/decider-runs.ts',
];
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Resolves imports for import-x's no-restricted-paths: TypeScript files, the frontend's `@/` alias, workspaces through node_modules. */
const importResolution = {
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [
      createNodeResolver({ extensions: ['.ts', '.tsx', '.js'], alias: { '@': [`${root}frontend/src`] } }),
    ],
  },
};

export default tseslint.config(
  // .stryker-tmp: Stryker's sandboxes (copies of the sources) while npm run test:mutation runs or after it is stopped.
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.stryker-tmp/**', 'reports/mutation/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
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
 * Node APIs and the server's packages (every dependency of the Node workspaces, zod aside, which the contracts
 * and the browser share; the gateway's @fastify plugins): neither browser code nor the contracts use them.
 */
function nodeImports(message) {
  const services = ['shared/platform', 'command-api', 'query-api', 'projectors', 'workers'];
  const dependencies = services.flatMap((name) =>
    Object.keys(JSON.parse(readFileSync(`${root}${name}/package.json`, 'utf8')).dependencies ?? {}),
  );
  const serverPackages = [...new Set(dependencies)].filter((name) => !name.startsWith('@labshop/') && name !== 'zod');
  return [
    { regex: `^(node:.*|(${builtinModules.map(escapeRegex).join('|')})(/.*)?)$`, message },
    { regex: `^(${serverPackages.map(escapeRegex).join('|')}|@fastify/[\\w.-]+)(/.*)?$`, message },
  ];
}

/**
 * The arrows between workspaces, tests and benchmarks included. shared/ holds two packages:
 * @labshop/contracts (browser-safe: command inputs, responses, events, rules, read-model shapes) and
 * @labshop/platform (Node: ports, adapters, HTTP, auth, logging, config). Contracts import no other workspace
 * and, outside their tests, no package but zod (so no Node API can reach the browser through them); platform
 * imports contracts and no service; the write side and the read side (query-api, projectors, workers) never
 * import each other; query-api reads the read models the projectors build but imports them not (its tests, which
 * start projectors to fill the read models, may); `frontend/src` imports only @labshop/contracts, and no Node API or server package (its
 * unit tests, which run in Node, may). frontend/server and the browser journeys (the one-process launcher and
 * its tests) may start every service.
 * A workspace is imported by its package name, whose "exports" list what it offers, never by a path into its folder.
 */
function workspaceBoundaries() {
  const folders = ['shared', 'contracts', 'platform', 'command-api', 'query-api', 'projectors', 'workers', 'frontend'];
  const packages = (names) => `^@labshop/(${names.join('|')})(/|$)`;
  const byPath = {
    regex: `^(\\.\\./)+(${folders.join('|')})/`,
    message: 'Import another workspace by its package name (@labshop/…), not by a path into its folder.',
  };
  const forbid = (files, names, why, { extra = [], ignores = [] } = {}) => ({
    files,
    ignores,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [...(names.length ? [{ regex: packages(names), message: why }] : []), byPath, ...extra] },
      ],
    },
  });
  const services = ['command-api', 'query-api', 'projectors', 'workers', 'frontend'];
  const contractsWhy =
    '@labshop/contracts runs in the browser bundle: it imports only zod and itself, never @labshop/platform, a service, a Node API or a server package.';
  const frontendWhy =
    'Browser code imports only @labshop/contracts: it talks to the services over HTTP only, and never imports adapters or server code.';
  const onlyZod = { regex: '^(?!zod(/|$)|@labshop/contracts/|\\.)', message: contractsWhy };
  return [
    forbid(['shared/platform/**'], services, 'shared imports no service: it is what every service builds on.'),
    forbid(['shared/contracts/**'], [], contractsWhy, { extra: [onlyZod], ignores: [...tests, ...contractsTestKit] }),
    forbid(
      [...tests.map((test) => `shared/contracts/${test}`), ...contractsTestKit],
      ['platform', ...services],
      contractsWhy,
    ),
    forbid(
      ['command-api/**'],
      ['query-api', 'projectors', 'workers', 'frontend'],
      'The command API decides from event streams; it never imports the read side or the frontend.',
    ),
    forbid(
      ['query-api/**'],
      ['command-api', 'projectors', 'workers', 'frontend'],
      'The query API reads read models by their descriptors (@labshop/contracts) and is given the projections by its composition root (frontend/server); it never imports the projectors, the command API or another service.',
      { ignores: tests },
    ),
    forbid(
      tests.map((test) => `query-api/${test}`),
      ['command-api', 'workers', 'frontend'],
      'The query API reads read models; tests start from given events (@labshop/platform/testing/given-events), not the command API.',
    ),
    forbid(
      ['projectors/**'],
      ['command-api', 'query-api', 'workers', 'frontend'],
      'Projectors depend on events only (contracts, platform), never on another service.',
    ),
    forbid(
      ['workers/**'],
      ['command-api', 'query-api', 'projectors', 'frontend'],
      'Workers react to events only (contracts, platform), never import another service; tests start from given events.',
    ),
    forbid(['frontend/src/**'], ['platform', 'command-api', 'query-api', 'projectors', 'workers'], frontendWhy, {
      extra: nodeImports('Browser code uses no Node API and no server package: it runs in the browser bundle.'),
      ignores: tests,
    }),
    forbid(
      tests.map((test) => `frontend/src/${test}`),
      ['platform', 'command-api', 'query-api', 'projectors', 'workers'],
      frontendWhy,
    ),
  ];
}

/**
 * bulletproof-react's unidirectional layers in frontend/src: app (router, providers, route pages) may import
 * everything; a feature imports components, hooks, lib and config but never app or another feature (one zone
 * per folder under features/); components, hooks, lib and config import no feature and not app.
 */
function frontendZones() {
  const features = readdirSync(`${root}frontend/src/features`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    {
      ...importResolution,
      files: ['frontend/src/**'],
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            basePath: `${root}frontend/src`,
            zones: [
              ...features.map((feature) => ({
                target: `./features/${feature}`,
                from: './features',
                except: [`./${feature}`],
                message:
                  'Features never import each other: compose them in app/routes, or move the shared piece to components/ or lib/.',
              })),
              {
                target: './features',
                from: './app',
                message: 'Features never import app/: app composes features, not the other way round.',
              },
              {
                target: ['./components', './hooks', './lib', './config'],
                from: ['./features', './app'],
                message:
                  'components/, hooks/, lib/ and config/ are shared by every feature: they import no feature and not app/.',
              },
            ],
          },
        ],
      },
    },
  ];
}
