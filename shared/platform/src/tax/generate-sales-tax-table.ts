/**
 * Regenerates sales-tax-table.ts from us-sales-tax-2025.csv (`npx tsx shared/platform/src/tax/generate-sales-tax-table.ts`).
 * The table is a TS module rather than a CSV read at run time so the browser bundle can import it
 * without a loader; sales-tax.unit.test.ts fails when the two disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseSalesTaxCsv } from '@labshop/contracts/tax/parse-sales-tax-csv';

const csvUrl = new URL('../../../contracts/src/tax/us-sales-tax-2025.csv', import.meta.url);
const tableUrl = new URL('../../../contracts/src/tax/sales-tax-table.ts', import.meta.url);

const rows = parseSalesTaxCsv(readFileSync(csvUrl, 'utf8'));
const lines = rows.map(
  ({ code, name, rateBasisPoints }) => `  { code: '${code}', name: '${name}', rateBasisPoints: ${rateBasisPoints} },`,
);
writeFileSync(
  tableUrl,
  [
    '// Generated from us-sales-tax-2025.csv by generate-sales-tax-table.ts: edit the CSV and run that script.',
    "import type { SalesTaxRate } from './sales-tax.ts';",
    '',
    '/** 2025 combined state + average local sales tax rate per state and DC, in basis points (10.12% = 1012). */',
    'export const salesTaxRates: readonly SalesTaxRate[] = [',
    ...lines,
    '];',
    '',
  ].join('\n'),
);
