// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FinanceLedger } from '@labshop/contracts/finance/queries';
import { adminLoggedIn, adminSessionSlice } from '@/lib/admin-session.ts';
import { ledgerQueryOptions } from '../api/get-ledger.ts';
import { localInputFromInstant } from '@/lib/local-date-time.ts';
import { FinanceLedgerView } from './finance-ledger.tsx';

const asOf = '2026-03-01T12:00:00.000Z';
const order = {
  orderId: 'o-1',
  orderNumber: 'LUM0102202600001',
  placedAt: '2026-02-01T10:00:00.000Z',
  status: 'Shipped',
  standing: 'booked',
  taxState: 'LA',
  taxExemptNumber: null,
  subtotalCents: 9_000,
  shippingCents: 1_495,
  taxCents: 1_062,
  totalCents: 11_557,
} as const;
const ledger: FinanceLedger = {
  asOf,
  eventsReplayed: 1_234,
  orders: [order],
  totals: { orders: 3, subtotalCents: 27_000, shippingCents: 1_495, taxCents: 2_884, totalCents: 31_379 },
  taxByState: [
    {
      state: 'LA',
      orders: 3,
      subtotalCents: 27_000,
      exemptSubtotalCents: 0,
      shippingCents: 1_495,
      taxCents: 2_884,
      totalCents: 31_379,
    },
  ],
  invoices: [
    {
      invoiceNumber: 'INV-LUM0102202600001',
      orderId: 'o-1',
      orderNumber: order.orderNumber,
      issuedAt: '2026-02-01T10:05:00.000Z',
      dueAt: '2026-03-03T10:05:00.000Z',
      totalCents: 9_911,
      creditedCents: 0,
      paidCents: 0,
      balanceCents: 9_911,
      refundDueCents: 0,
      standing: 'Overdue',
      paidAt: null,
      daysOverdue: 2,
    },
  ],
  invoiceTotals: {
    issued: { count: 1, totalCents: 9_911 },
    credited: { count: 0, totalCents: 0 },
    paid: { count: 0, totalCents: 0 },
    refundsDue: { count: 0, totalCents: 0 },
    open: { count: 0, totalCents: 0 },
    overdue: { count: 1, totalCents: 9_911 },
  },
  openQuotes: [],
  rowCounts: { orders: 3, invoices: 1, openQuotes: 0 },
};

function renderLedger(shownAsOf: string | null, answer?: FinanceLedger) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (answer) queryClient.setQueryData(ledgerQueryOptions(shownAsOf).queryKey, answer);
  const changes: (string | null)[] = [];
  const store = configureStore({ reducer: { adminSession: adminSessionSlice.reducer } });
  store.dispatch(adminLoggedIn({ token: 'admin-token' }));
  render(
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <FinanceLedgerView asOf={shownAsOf} onAsOfChange={(next) => changes.push(next)} />
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  );
  return changes;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the finance ledger page', () => {
  it('shows the books as of the moment, and says when a list shows only the latest rows', () => {
    renderLedger(asOf, ledger);
    expect(screen.getByRole('status').textContent).toMatch(/^Ledger as of .* · 1,234 events replayed$/);
    const total = screen.getByText('Total', { selector: 'dt' }).closest('div') as HTMLElement;
    expect(within(total).getByRole('definition').textContent).toBe('$313.79');
    const shipping = screen.getByText('Shipping', { selector: 'dt' }).closest('div') as HTMLElement;
    expect(within(shipping).getByRole('definition').textContent).toBe('$14.95');
    const orders = screen.getByRole('region', { name: 'Orders' });
    expect(
      within(orders)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([expect.any(String), 'Shipped', 'LA', '$90.00', '$14.95', '$10.62', '$115.57']);
    expect(
      within(screen.getByRole('region', { name: 'Sales tax by state (booked orders)' }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '$270.00', '$0.00', '$14.95', '$28.84', '$313.79']);
    expect(screen.getByText('The latest 1 of 3: the CSV has every one.')).toBeTruthy();
    const invoice = within(screen.getByRole('region', { name: 'Invoices' }))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(invoice.slice(3)).toEqual(['$99.11', '$0.00', '$0.00', '$99.11', '$0.00', 'Overdue 2 d', '']);
    expect(screen.getByText('No open quotes.')).toBeTruthy();
  });

  it('asks for the moment picked, refusing an empty or future one beside the field', () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const changes = renderLedger(null);
    expect(screen.getByRole('status').textContent).toBe('Replaying the ledger…');
    const picker = screen.getByLabelText('As of (your local time)');
    fireEvent.submit(picker.closest('form') as HTMLFormElement);
    expect(screen.getByRole('alert').textContent).toBe('Choose a date and a time.');
    fireEvent.change(picker, {
      target: { value: localInputFromInstant(new Date(Date.now() + 3_600_000).toISOString()) },
    });
    fireEvent.submit(picker.closest('form') as HTMLFormElement);
    expect(screen.getByRole('alert').textContent).toMatch(/is in the future/);
    fireEvent.change(picker, { target: { value: localInputFromInstant(asOf) } });
    fireEvent.submit(picker.closest('form') as HTMLFormElement);
    expect(changes).toEqual([asOf]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says when the ledger could not be replayed, in the server's words", async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ error: 'BadRequest', message: 'The store is away' }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderLedger(asOf);
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /The ledger could not be replayed\. The store is away/,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
