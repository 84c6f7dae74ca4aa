import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStores } from '@labshop/platform/testing/stores';
import { givenEventsAt } from '@labshop/platform/testing/given-events';
import { testOrderPlacedData } from '@labshop/contracts/testing/orders';
import { orderStream, type OrderEvent } from '@labshop/contracts/orders/events';
import { replayLedger } from '@labshop/platform/finance/replay-ledger';
import type { FinanceLedger } from '@labshop/contracts/finance/queries';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));
const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
let stores: Awaited<ReturnType<typeof createTestStores>>;

beforeAll(async () => {
  stores = await createTestStores();
  const customerId = crypto.randomUUID();
  const order = (orderId: string, orderNumber: string, at: Date, payment: OrderEvent) =>
    givenEventsAt(stores.eventStore, orderStream(orderId), at, [
      { type: 'OrderPlaced', data: testOrderPlacedData(orderId, customerId, at.toISOString(), { orderNumber }) },
      payment,
    ]);
  const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
  await order(first, 'LUM0101202600001', new Date('2026-01-01T10:00:00Z'), {
    type: 'PurchaseOrderSubmitted',
    data: {
      orderId: first,
      customerId,
      company: 'Lee Labs',
      name: 'Ann Lee',
      poNumber: 'PO-1',
      cardType: 'visa',
      cardLast4: '1111',
      submittedAt: '2026-01-01T10:00:00Z',
    },
  });
  await givenEventsAt(stores.eventStore, orderStream(first), new Date('2026-01-01T11:00:00Z'), [
    {
      type: 'InvoiceIssued',
      data: {
        orderId: first,
        invoiceNumber: 'INV-LUM0101202600001',
        fileName: 'f.pdf',
        sha256: 'f',
        size: 1,
        issuedAt: '2026-01-01T11:00:00Z',
      },
    },
  ]);
  await order(second, 'LUM0102202600002', new Date('2026-02-01T10:00:00Z'), {
    type: 'QuoteRequested',
    data: {
      orderId: second,
      customerId,
      company: 'Lee Labs',
      name: 'Ann Lee',
      poNumber: 'Q-2',
      requestedAt: '2026-02-01T10:00:00Z',
    },
  });
});
afterAll(async () => {
  await stores?.drop();
});

/** Runs `npm run finance -- …` as its own process against the test database. */
function finance(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, DATABASE_URL: stores.databaseUrl, EVENTSTORE_URL: '', MONGODB_URL: '' };
    execFile(tsx, ['query-api/src/cli/finance.ts', ...args], { cwd: repositoryRoot, env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('npm run finance -- ledger', () => {
  it('prints the ledger as of the moment as JSON, the same as the replay the back office serves', async () => {
    const { code, stdout, stderr } = await finance('ledger', '--as-of', '2026-01-15T00:00:00Z', '--format', 'json');
    expect(code, stderr).toBe(0);
    const printed = JSON.parse(stdout) as FinanceLedger;
    expect(printed).toEqual(await replayLedger(stores.eventStore, new Date('2026-01-15T00:00:00Z')));
    expect(printed.orders.map((order) => [order.orderNumber, order.status])).toEqual([
      ['LUM0101202600001', 'PO received'],
    ]);
    expect(printed.invoices[0]).toMatchObject({ standing: 'Open' });
    expect(stderr).toMatch(/Replayed 3 events up to 2026-01-15T00:00:00.000Z .* events\/s\./);
  });

  it('prints CSV and an aligned table; later moments see later events and overdue invoices', async () => {
    const [csv, table] = await Promise.all([
      finance('ledger', '--as-of', '2026-02-15T00:00:00Z', '--format', 'csv'),
      finance('ledger', '--as-of', '2026-02-15T00:00:00Z'),
    ]);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout).toContain(
      'INV-LUM0101202600001,LUM0101202600001,2026-01-01T11:00:00Z,2026-01-31T11:00:00.000Z,99.11,0.00,0.00,99.11,0.00,Overdue,,14\r\n',
    );
    // A quote requested before shipping was charged: no shipping (0.00) between its subtotal and its tax.
    expect(csv.stdout).toContain(
      'LUM0102202600002,2026-02-01T10:00:00.000Z,Quote requested,,,Lee Labs,Ann Lee,Q-2,90.00,0.00,9.11,99.11\r\n',
    );

    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^Ledger as of 2026-02-15T00:00:00.000Z \(5 events\)\n/);
    expect(table.stdout).toMatch(/Invoices overdue \(Net 30\) +1 +\$99\.11\n/);
  });

  // (Every way a moment can be wrong is a unit test of parseAsOf: here, that the CLI says it and exits 2.)
  it('refuses a bad --as-of or format with a clear message and exit code 2', async () => {
    const [notAMoment, format] = await Promise.all([
      finance('ledger', '--as-of', '15/01/2026'),
      finance('ledger', '--as-of', '2026-01-15T00:00:00Z', '--format', 'xml'),
    ]);
    expect(notAMoment.code).toBe(2);
    expect(notAMoment.stdout).toBe('');
    expect(notAMoment.stderr).toMatch(
      /--as-of: "15\/01\/2026" is not a date and time with its zone: write it as ISO 8601, e.g. 2026-11-23T15:00:00Z/,
    );
    expect(notAMoment.stderr).toMatch(/Usage: npm run finance -- ledger --as-of/);
    expect([format.code, format.stderr]).toEqual([
      2,
      expect.stringMatching(/--format: "xml" is not one of table, csv, json/),
    ]);
  });
});
