import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

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
);

/**
 * The arrows between workspaces, tests and benchmarks included: shared imports no service; the write side
 * and the read side (query-api, projectors, workers) never import each other; browser code imports from
 * shared only its contracts (schemas, event and query types) and pure helpers. frontend/server and the
 * browser journeys (the one-process launcher and its tests) may start every service.
 * A workspace is imported by its package name, whose "exports" list what it offers, never by a path
 * into its folder.
 */
function workspaceBoundaries() {
  const workspaces = ['shared', 'command-api', 'query-api', 'projectors', 'workers', 'frontend'];
  const packages = (names) => `^@labshop/(${names.join('|')})(/|$)`;
  const byPath = { regex: `^(\\.\\./)+(${workspaces.join('|')})/`, message: 'Import another workspace by its package name (@labshop/…), not by a path into its folder.' };
  const forbid = (files, names, why, extra = []) => ({
    files,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex: packages(names), message: why }, byPath, ...extra] }],
    },
  });
  // Pure modules: contract folders (a new module there is a contract too) and helpers without Node APIs.
  const browserSafeShared = '(commands|queries|events|carts|orders|tax|stock)/[\\w-]+|money|dates|us-states|same-value|exhaustive|company-profile|service-facts';
  return [
    forbid(['shared/**'], ['command-api', 'query-api', 'projectors', 'workers', 'frontend'], 'shared imports no service: it is what every service builds on.'),
    forbid(['command-api/**'], ['query-api', 'projectors', 'workers', 'frontend'], 'The command API decides from event streams; it never imports the read side or the frontend.'),
    forbid(['query-api/**'], ['command-api', 'workers', 'frontend'], 'The query API reads read models; tests start from given events (shared/testing/given-events), not the command API.'),
    forbid(['projectors/**'], ['command-api', 'query-api', 'workers', 'frontend'], 'Projectors depend on events only (shared), never on another service.'),
    forbid(['workers/**'], ['command-api', 'query-api', 'projectors', 'frontend'], 'Workers react to events only (shared), never import another service; tests start from given events.'),
    forbid(['frontend/src/**'], ['command-api', 'query-api', 'projectors', 'workers'], 'Browser code talks to the services over HTTP only.', [
      {
        regex: `^@labshop/shared(?!/(${browserSafeShared})$)(/.*)?$`,
        message: 'Browser code imports from shared only schemas, event and query types and pure helpers (commands/*, queries/*, events/*, carts/*, orders/*, tax/*, stock/*, money, dates, us-states, same-value, exhaustive, company-profile, service-facts), never adapters or server code.',
      },
      {
        regex: '^@labshop/shared/events/(customers|admins)$',
        allowTypeImports: true,
        message: 'These event modules use Node APIs (stream names hash emails): import only their types in the browser.',
      },
    ]),
  ];
}
