// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refusal, serveHttp } from '@/testing/serve-http.ts';
import { deskOrdersQueryOptions, type DeskOrderList } from '../api/get-desk-orders.ts';
import { noFilters, type DeskFilters } from '../desk-filters.ts';
import { OrderDeskList } from './order-desk-list.tsx';

const row: DeskOrderList['orders'][number] = {
  orderId: '5f0e8a6e-1c1b-4c53-9a55-0d3f4a3b2c10',
  orderNumber: 'LUM2311202600042',
  placedAt: '2026-11-23T15:04:05.000Z',
  status: 'PO received',
  kind: 'order',
  customerEmail: 'amos@example.com',
  customerName: 'Amos Thibodeaux',
  company: 'Levee Labs',
  state: 'LA',
  poNumber: 'PO-LL-7',
  totalCents: 5_506,
  paidAt: null,
  version: 2,
  backorderedUnits: 0,
};

function renderList(filters: DeskFilters, answer: DeskOrderList) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(deskOrdersQueryOptions(filters).queryKey, answer);
  const changes: DeskFilters[] = [];
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <OrderDeskList filters={filters} onFiltersChange={(next) => changes.push(next)} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return changes;
}

// The list reads again on mount; here the server never answers, so what shows is the cached answer.
beforeEach(() => vi.stubGlobal('fetch', () => new Promise(() => undefined)));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the order desk list', () => {
  it('lists each order with a link to its page and its facts', () => {
    renderList(noFilters, { orders: [row], total: 1, page: 1, pageSize: 20 });
    const link = screen.getByRole('link', { name: row.orderNumber });
    expect(link.getAttribute('href')).toBe(`/admin/orders/${row.orderId}`);
    const cells = within(link.closest('tr') as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // The first cell holds the row's checkbox, the second when it was placed; the company is a column chosen to show.
    expect(cells.slice(2)).toEqual(['Order', 'amos@example.com', 'LA', '$55.06', 'PO received']);
    expect(screen.getByText('1 result').getAttribute('role')).toBe('status');
  });

  it('applies the filters when the form is submitted (Enter or Apply filters), from the first page, the search trimmed', async () => {
    const changes = renderList({ ...noFilters, page: 3 }, { orders: [row], total: 45, page: 3, pageSize: 20 });
    fireEvent.change(screen.getByLabelText('Search orders'), { target: { value: ' 59349 ' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'Shipped' } });
    fireEvent.change(screen.getByLabelText('Orders or quotes'), { target: { value: 'quotes' } });
    fireEvent.change(screen.getByLabelText('Ship-to state'), { target: { value: 'TX' } });
    fireEvent.change(screen.getByLabelText('Placed from'), { target: { value: '2026-11-01' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Filter orders and quotes' }));
    await waitFor(() =>
      expect(changes).toEqual([
        { ...noFilters, search: '59349', status: 'Shipped', kind: 'quotes', state: 'TX', from: '2026-11-01', page: 1 },
      ]),
    );
  });

  it('checks the filters with the query API’s own schema first: a range ending before it starts is said beside the field, focused', async () => {
    const changes = renderList(noFilters, { orders: [row], total: 1, page: 1, pageSize: 20 });
    fireEvent.change(screen.getByLabelText('Placed from'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('Placed to'), { target: { value: '2026-11-02' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Filter orders and quotes' }));
    const to = screen.getByLabelText('Placed to');
    await waitFor(() => expect(to.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(to);
    expect(changes).toEqual([]);
    expect(document.getElementById(to.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'To must not be before From',
    );
  });

  it('searches by a part of anything staff are told on the phone: one field for number, name, company, email', async () => {
    const changes = renderList(noFilters, { orders: [row], total: 1, page: 1, pageSize: 20 });
    const search = screen.getByLabelText('Search orders');
    expect(document.getElementById(search.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'A part of the order number, customer name, company, email or PO number',
    );
    fireEvent.change(search, { target: { value: 'Levee Labs' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Filter orders and quotes' }));
    await waitFor(() => expect(changes).toEqual([{ ...noFilters, search: 'Levee Labs' }]));
  });

  it('pages through the results', () => {
    const changes = renderList({ ...noFilters, page: 2 }, { orders: [row], total: 45, page: 2, pageSize: 20 });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 2 of 3')).toBeTruthy();
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    fireEvent.click(within(pages).getByRole('button', { name: 'Previous page' }));
    expect(changes.map((change) => change.page)).toEqual([3, 1]);
  });

  it('says when no order matches the filters, and clears them', () => {
    const changes = renderList(
      { ...noFilters, search: 'nobody@example.com' },
      { orders: [], total: 0, page: 1, pageSize: 20 },
    );
    expect(screen.getByText('No orders or quotes match these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(changes).toEqual([noFilters]);
  });

  it('follows the filters when the address changes under the form (Back, a link), dropping what was typed', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const list = (filters: DeskFilters) => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <OrderDeskList filters={filters} onFiltersChange={() => undefined} />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const { rerender } = render(list({ ...noFilters, search: 'Levee' }));
    fireEvent.change(screen.getByLabelText('Search orders'), { target: { value: 'typed, not applied' } });
    rerender(list({ ...noFilters, status: 'Shipped' }));
    await waitFor(() => expect((screen.getByLabelText('Search orders') as HTMLInputElement).value).toBe(''));
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('Shipped');
  });

  it('says when there are no orders at all', () => {
    renderList(noFilters, { orders: [], total: 0, page: 1, pageSize: 20 });
    expect(screen.getByText('No orders or quotes yet.')).toBeTruthy();
  });

  it('sorts by a column on the server: its header says how the list is sorted, a click asks for the other', () => {
    const changes = renderList({ ...noFilters, page: 2 }, { orders: [row], total: 45, page: 2, pageSize: 20 });
    const placed = screen.getByRole('columnheader', { name: /Placed/ });
    expect(placed.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: /Total/ }).getAttribute('aria-sort')).toBeNull();
    fireEvent.click(within(placed).getByRole('button'));
    fireEvent.click(screen.getByRole('button', { name: /Total/ }));
    expect(changes).toEqual([
      { ...noFilters, sort: 'placedAt', direction: 'asc', page: 1 },
      { ...noFilters, sort: 'total', direction: 'asc', page: 1 },
    ]);
  });

  it('shows and hides columns from the Columns choice', () => {
    renderList(noFilters, { orders: [row], total: 1, page: 1, pageSize: 20 });
    expect(screen.queryByRole('columnheader', { name: 'Company' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Company' }));
    expect(screen.getByRole('columnheader', { name: 'Company' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Levee Labs' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Kind' }));
    expect(screen.queryByRole('columnheader', { name: 'Kind' })).toBeNull();
  });

  it('confirms the selected orders one by one with the versions shown, telling progress and each refusal', async () => {
    const second = {
      ...row,
      orderId: 'b1a2c3d4-0000-4000-8000-000000000002',
      orderNumber: 'LUM2311202600043',
      version: 5,
    };
    renderList(noFilters, { orders: [row, second], total: 2, page: 1, pageSize: 20 });
    const sent = serveHttp({
      [`POST /api/admin/orders/${row.orderId}/confirm`]: { body: { position: '7' } },
      [`POST /api/admin/orders/${second.orderId}/confirm`]: refusal(
        409,
        'Conflict',
        'Cannot confirm: this order is Confirmed.',
      ),
    });
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.getByText('Confirmed 1 of 2.')).toBeTruthy());
    expect(screen.getByRole('alert').textContent).toContain(
      'LUM2311202600043: Cannot confirm: this order is Confirmed.',
    );
    expect(sent.filter((request) => request.method === 'POST').map(({ path, body }) => ({ path, body }))).toEqual([
      { path: `/api/admin/orders/${row.orderId}/confirm`, body: { expectedVersion: 2 } },
      { path: `/api/admin/orders/${second.orderId}/confirm`, body: { expectedVersion: 5 } },
    ]);
    // The refused order stays selected, to try again or export.
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: `Select ${second.orderNumber}` }) as HTMLInputElement).checked).toBe(
      true,
    );
  });
});
