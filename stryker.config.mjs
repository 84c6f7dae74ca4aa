// @ts-check
/**
 * Mutation testing of the domain core (`npm run test:mutation`; see shared/README.md, Mutation testing): the folds,
 * the deciders and the money, tax, stock and shipping rules, against the unit tests vitest.stryker.config.ts names.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts' },
  coverageAnalysis: 'perTest',
  mutate: [
    'shared/contracts/src/orders/fold-order.ts',
    'shared/contracts/src/carts/fold-cart.ts',
    'shared/contracts/src/stock/fold-stock.ts',
    'shared/contracts/src/orders/decider.ts',
    'shared/contracts/src/orders/desk-moves.ts',
    'shared/contracts/src/orders/quotes.ts',
    'shared/contracts/src/orders/documents.ts',
    'shared/contracts/src/orders/credit-notes.ts',
    'shared/contracts/src/orders/credit-note-request.ts',
    'shared/contracts/src/orders/retained-documents.ts',
    'command-api/src/carts/decider.ts',
    'command-api/src/stock/decider.ts',
    'shared/contracts/src/money.ts',
    'shared/contracts/src/orders/order-money.ts',
    'shared/contracts/src/tax/sales-tax.ts',
    'shared/contracts/src/orders/shipping.ts',
    'shared/contracts/src/orders/desk-rules.ts',
    'shared/contracts/src/orders/checkout-expiry.ts',
    'shared/contracts/src/orders/business-day.ts',
  ],
  // Only what the tests import is copied into the sandbox (node_modules is linked, not copied).
  ignorePatterns: [
    '/*',
    '!/package.json',
    '!/tsconfig.base.json',
    '!/vitest.stryker.config.ts',
    '!/shared',
    '/shared/platform',
    '!/command-api',
  ],
  // Two cores, shared: never more than two test runners at once.
  concurrency: 2,
  // A clean clone runs everything; later runs retest only the mutants whose code or tests changed (--force: all).
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  clearTextReporter: { allowEmojis: false, logTests: false },
  thresholds: { high: 90, low: 80, break: 80 },
};
