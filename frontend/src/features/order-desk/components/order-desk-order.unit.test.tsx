// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast/toast-provider.tsx';
import { adminLoggedIn, adminSessionSlice } from '@/lib/admin-session.ts';
import { deskOrderQueryOptions, type DeskOrderDetail } from '../api/get-desk-order.ts';
import { OrderDeskOrder } from './order-desk-order.tsx';

const orderId = '5f0e8a6e-1c1b-4c53-9a55-0d3f4a3b2c10';
const admin = { kind: 'admin', id: 'a1', email: 'desk.admin@labshop.test' } as const;
const customer = { kind: 'customer', id: 'c1', email: 'amos@example.com' } as const;

const processing: DeskOrderDetail = {
  kind: 'order',
  customer: { id: 'c1', email: 'amos@example.com' },
  order: {
    orderId,
    orderNumber: 'LUM2311202600042',
    placedAt: '2026-11-23T15:04:05.000Z',
    status: 'Processing',
    lines: [
      {
        detailId: 'd1',
        subproductId: 's1',
        productName: 'Pipette Tips',
        productType: 'Filter Tips 200 µl',
        packSize: null,
        catalogNumber: 'TIP-200F',
        innerPackageId: '',
        imageUrl: null,
        productPath: '/product?x',
        quantity: 4,
        unitPriceCents: 1_250,
        listPriceCents: 1_250,
        discountPercent: 0,
        lineTotalCents: 5_000,
      },
    ],
    address: {
      firstName: 'Amos',
      lastName: 'Thibodeaux',
      email: 'amos@example.com',
      company: 'Levee Labs',
      phone: '5045550199',
      address1: '9 Levee Road',
      address2: '',
      city: 'Baton Rouge',
      state: 'LA',
      zipCode: '70801',
      useForInvoice: true,
    },
    taxExemptNumber: null,
    taxState: 'LA',
    taxRateBasisPoints: 1012,
    subtotalCents: 5_000,
    taxCents: 506,
    totalCents: 5_506,
    payment: {
      kind: 'purchase-order',
      company: 'Levee Labs',
      name: 'Amos Thibodeaux',
      poNumber: 'PO-LL-7',
      cardType: 'visa',
      cardLast4: '4315',
    },
    shipment: null,
    cancellation: null,
    paidAt: null,
    version: 4,
    invoices: [],
    quote: null,
    creditNotes: [],
    receipts: [],
  },
  timeline: [
    { eventId: 'e1', type: 'OrderPlaced', at: '2026-11-23T15:04:05.000Z', actor: customer, summary: 'Order placed' },
    {
      eventId: 'e2',
      type: 'PurchaseOrderSubmitted',
      at: '2026-11-23T15:05:00.000Z',
      actor: customer,
      summary: 'Purchase order PO-LL-7 submitted',
    },
    { eventId: 'e3', type: 'OrderConfirmed', at: '2026-11-23T16:00:00.000Z', actor: admin, summary: 'Confirmed' },
    {
      eventId: 'e4',
      type: 'OrderProcessing',
      at: '2026-11-23T16:01:00.000Z',
      actor: admin,
      summary: 'Processing started',
    },
  ],
};

function renderOrder(detail: DeskOrderDetail) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(deskOrderQueryOptions(orderId).queryKey, detail);
  const store = configureStore({ reducer: { adminSession: adminSessionSlice.reducer } });
  store.dispatch(adminLoggedIn({ token: 'admin-token' }));
  return render(
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <MemoryRouter>
            <OrderDeskOrder orderId={orderId} />
          </MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>
    </Provider>,
  );
}

// The page reads the order again on mount; here the server never answers, so what shows is the cached answer.
beforeEach(() => vi.stubGlobal('fetch', () => new Promise(() => undefined)));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the order desk’s order page', () => {
  it('shows lines, totals with the tax the order was charged, the address and the card as type and last four only', () => {
    renderOrder(processing);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Order LUM2311202600042');
    expect(screen.getByTestId('order-status').textContent).toBe('Processing');
    const lines = screen.getByRole('region', { name: 'Lines and totals' });
    expect(within(lines).getByRole('rowheader', { name: /Pipette Tips/ })).toBeTruthy();
    const total = (label: string) =>
      within(lines).getByRole('rowheader', { name: label }).nextElementSibling?.textContent;
    expect(total('Subtotal')).toBe('$50.00');
    expect(total('Sales tax (LA 10.12%)')).toBe('$5.06');
    expect(total('Total')).toBe('$55.06');
    expect(screen.getByText('Visa ending 4315')).toBeTruthy();
    expect(screen.getByText('Baton Rouge, LA 70801')).toBeTruthy();
  });

  it('shows the billing address beside the ship-to when the order is invoiced elsewhere', () => {
    const billingAddress = {
      firstName: 'Rhea',
      lastName: 'Ledger',
      email: 'ap@levee.example',
      company: 'Levee Finance',
      phone: '5045550100',
      address1: '3 Payable Plaza',
      address2: '',
      city: 'Houma',
      state: 'LA',
      zipCode: '70360',
    };
    renderOrder({
      ...processing,
      order: { ...processing.order, address: { ...processing.order.address, useForInvoice: false }, billingAddress },
    });
    const billTo = screen.getByRole('region', { name: 'Bill to' });
    expect(within(billTo).getByText('3 Payable Plaza')).toBeTruthy();
    expect(within(billTo).getByText('Houma, LA 70360')).toBeTruthy();
    expect(screen.queryByText('Also the invoice address.')).toBeNull();
  });

  it('offers the moves the state machine allows from the order’s status', () => {
    renderOrder(processing);
    const actions = screen.getByRole('region', { name: 'Next steps' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Put on hold', 'Ship', 'Cancel order', 'Mark invoice paid']);
  });

  it('asks for carrier and tracking number before shipping, with the server schema’s messages, focus in the first field', async () => {
    renderOrder(processing);
    const actions = screen.getByRole('region', { name: 'Next steps' });
    const ship = within(actions).getByRole('button', { name: 'Ship' });
    fireEvent.click(ship);
    expect(ship.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText(/Carrier/));
    fireEvent.click(within(actions).getByRole('button', { name: 'Mark shipped' }));
    expect(await screen.findByText('Carrier is required')).toBeTruthy();
    expect(screen.getByText('Tracking number is required')).toBeTruthy();
    expect(screen.getByLabelText(/Carrier/).getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(within(actions).getByRole('button', { name: 'Back' }));
    expect(within(actions).queryByRole('form')).toBeNull();
  });

  it('names a credit note without an empty "()" once its reason was erased with the customer', () => {
    const invoice = { invoiceNumber: 'INV-1', issuedAt: '2026-11-24T10:00:00.000Z', sha256: 'a'.repeat(64), size: 10 };
    const note = {
      creditNoteNumber: 'CN-1-1',
      invoiceNumber: 'INV-1',
      amountCents: 1_000,
      reason: '',
      requestedAt: '2026-11-25T10:00:00.000Z',
      issuedAt: null,
      sha256: null,
      size: null,
    };
    renderOrder({ ...processing, order: { ...processing.order, invoices: [invoice], creditNotes: [note] } });
    const invoices = within(screen.getByRole('region', { name: 'Invoices' }));
    expect(invoices.getByText(/^CN-1-1: \$10\.00 credited on INV-1, being issued$/)).toBeTruthy();
  });

  it('says so when nothing more can be done', () => {
    renderOrder({
      ...processing,
      order: {
        ...processing.order,
        status: 'Cancelled',
        cancellation: { reason: 'Duplicate order', cancelledAt: '2026-11-23T17:00:00.000Z' },
      },
    });
    expect(screen.getByText('Nothing more can be done: this order is cancelled.')).toBeTruthy();
    expect(screen.getByText('Duplicate order')).toBeTruthy();
  });

  it('lists every event newest first with who did it: the admin by email, the customer as such', () => {
    renderOrder(processing);
    const entries = within(screen.getByRole('list', { name: /Everything that happened/ })).getAllByRole('listitem');
    expect(entries).toHaveLength(4);
    expect(entries[0]?.textContent).toMatch(/^Processing started by desk\.admin@labshop\.test /);
    expect(entries[3]?.textContent).toMatch(/^Order placed by the customer \(amos@example\.com\) /);
    expect(entries[2]?.textContent).toMatch(/^Purchase order PO-LL-7 submitted by the customer /);
  });
});
