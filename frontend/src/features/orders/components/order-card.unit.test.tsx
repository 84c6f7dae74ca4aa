// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderView } from '@labshop/contracts/orders/queries';
import { testOrderLine } from '@labshop/contracts/testing/orders';
import { ToastProvider } from '@/components/toast/toast-provider.tsx';
import { OrderCard } from './order-card.tsx';

afterEach(cleanup);

const placed: OrderView = {
  orderId: '5f0e8a6e-1c1b-4c53-9a55-0d3f4a3b2c10',
  orderNumber: 'LUM2311202600042',
  placedAt: '2026-11-23T15:04:05.000Z',
  status: 'PO received',
  lines: [],
  address: {
    firstName: 'Celine',
    lastName: 'Broussard',
    email: 'celine@example.com',
    company: '',
    phone: '5045550142',
    address1: '1 Canal Street',
    address2: '',
    city: 'New Orleans',
    state: 'LA',
    zipCode: '70112',
    useForInvoice: true,
  },
  taxExemptNumber: null,
  taxState: 'LA',
  taxRateBasisPoints: 1012,
  subtotalCents: 10_000,
  taxCents: 1_012,
  totalCents: 11_012,
  payment: {
    kind: 'purchase-order',
    company: '',
    name: 'Celine Broussard',
    poNumber: 'PO-1',
    cardType: 'visa',
    cardLast4: '4315',
  },
  shipment: null,
  cancellation: null,
  paidAt: null,
  version: 3,
  invoices: [],
  quote: null,
  creditNotes: [],
  receipts: [],
};

const fact = (term: string) => {
  const card = screen.getByRole('article', { name: placed.orderNumber });
  const dt = within(card).queryByText(term, { selector: 'dt' });
  return dt?.nextElementSibling?.textContent ?? null;
};

const renderCard = (order: OrderView) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <MemoryRouter>
          <OrderCard
            order={order}
            onRepeat={() => undefined}
            repeating={false}
            onDownloadInvoice={() => Promise.resolve()}
          />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );

describe('OrderCard after the order desk moved the order', () => {
  it('shows the status the desk set, with the carrier and tracking number once shipped', () => {
    renderCard({
      ...placed,
      status: 'Shipped',
      shipment: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', shippedAt: '2026-11-24T10:00:00.000Z' },
      version: 6,
    });
    expect(fact('Status')).toBe('Shipped');
    expect(fact('Tracking')).toBe('UPS 1Z999AA10123456784');
    expect(screen.getByRole('link', { name: 'UPS 1Z999AA10123456784' }).getAttribute('href')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(fact('Cancelled because')).toBeNull();
  });

  it('tells the money story once invoiced: paid, credited, and the refund a credit after payment makes due', () => {
    const invoice = {
      invoiceNumber: 'INV-LUM2311202600042',
      issuedAt: '2026-11-23T15:05:00.000Z',
      sha256: 'a'.repeat(64),
      size: 1,
    };
    const note = {
      creditNoteNumber: 'CN-LUM2311202600042-1',
      invoiceNumber: invoice.invoiceNumber,
      amountCents: 1_500,
      reason: 'Damaged',
      requestedAt: '2026-11-25T10:00:00.000Z',
      issuedAt: '2026-11-25T10:00:00.000Z',
      sha256: 'b'.repeat(64),
      size: 1,
    };
    renderCard({ ...placed, invoices: [invoice], paidAt: '2026-11-24T10:00:00.000Z', creditNotes: [note] });
    expect([fact('Invoiced'), fact('Paid'), fact('Credited'), fact('Refund due to you'), fact('Balance due')]).toEqual([
      '$110.12',
      '$110.12',
      '$15.00',
      '$15.00',
      null,
    ]);
    cleanup();
    renderCard({ ...placed, invoices: [invoice] });
    expect([fact('Paid'), fact('Credited'), fact('Balance due')]).toEqual(['$0.00', '$0.00', '$110.12']);
  });

  it('shows why a cancelled order was cancelled, and no tracking', () => {
    renderCard({
      ...placed,
      status: 'Cancelled',
      cancellation: { reason: 'Out of stock until March', cancelledAt: '2026-11-24T10:00:00.000Z' },
    });
    expect(fact('Status')).toBe('Cancelled');
    expect(fact('Cancelled because')).toBe('Out of stock until March');
    expect(fact('Tracking')).toBeNull();
  });

  it('shows a quote at its quoted lines and total only, with nothing to repeat or buy again until accepted', () => {
    const line = {
      detailId: 'd1',
      subproductId: 's1',
      productName: 'Pipette Tips',
      productType: 'Filter',
      packSize: null,
      catalogNumber: 'TIP-200F',
      innerPackageId: '',
      imageUrl: null,
      productPath: '/p',
      quantity: 4,
      unitPriceCents: 1_250,
      listPriceCents: 1_250,
      discountPercent: 0,
      lineTotalCents: 5_000,
    };
    const quoted = { ...line, unitPriceCents: 1_100, lineTotalCents: 4_400 };
    const quote = {
      lines: [quoted],
      subtotalCents: 4_400,
      taxCents: 445,
      totalCents: 4_845,
      expiresAt: '2099-12-31T05:00:00.000Z',
      sentAt: '2026-11-24T15:00:00.000Z',
      revision: 1,
      acceptedAt: null,
      declined: null,
    };
    const order: OrderView = {
      ...placed,
      status: 'Quoted',
      lines: [line],
      subtotalCents: 5_000,
      taxCents: 506,
      totalCents: 5_506,
      payment: { kind: 'quote', company: '', name: '', poNumber: '' },
      quote,
    };
    renderCard(order);
    expect(fact('Total')).toBe('$48.45');
    expect(screen.getByText('Quantity: 4 , Price: $11.00')).toBeTruthy();
    expect(screen.queryByText('Quantity: 4 , Price: $12.50')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Repeat order' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Buy it again/ })).toBeNull();
    cleanup();
    renderCard({ ...order, status: 'Quote requested', quote: null });
    expect(fact('Total')).toBe('Awaiting quote');
    expect(screen.getByText('Quantity: 4 , Price: to be quoted')).toBeTruthy();
  });

  it("names a line by its product type and pack size, each once, as the desk's table and the checkout's summary do", () => {
    const line = { ...testOrderLine, productType: '50 tests', packSize: '50 tests' };
    renderCard({ ...placed, lines: [line, { ...line, detailId: 'd2', packSize: '5 x 50 tests' }] });
    expect(screen.getAllByText(/^50 tests/).map((option) => option.textContent)).toEqual([
      '50 tests',
      '50 tests · 5 x 50 tests',
    ]);
  });

  it('shows an order the desk has not touched as the customer left it', () => {
    renderCard(placed);
    expect(fact('Status')).toBe('PO received');
    expect(fact('Tracking')).toBeNull();
    expect(fact('Balance due')).toBeNull();
  });
});
