// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderView } from '@labshop/shared/queries/orders';
import { OrderCard } from './order-card.tsx';

afterEach(cleanup);

const placed: OrderView = {
  orderId: '5f0e8a6e-1c1b-4c53-9a55-0d3f4a3b2c10',
  orderNumber: 'LUM2311202600042',
  placedAt: '2026-11-23T15:04:05.000Z',
  status: 'PO received',
  lines: [],
  address: { firstName: 'Celine', lastName: 'Broussard', email: 'celine@example.com', company: '', phone: '5045550142', address1: '1 Canal Street', address2: '', city: 'New Orleans', state: 'LA', zipCode: '70112', useForInvoice: true },
  taxExemptNumber: null,
  taxState: 'LA',
  taxRateBasisPoints: 1012,
  subtotalCents: 10_000,
  taxCents: 1_012,
  totalCents: 11_012,
  payment: { kind: 'purchase-order', company: '', name: 'Celine Broussard', poNumber: 'PO-1', cardType: 'visa', cardLast4: '4315' },
  shipment: null,
  cancellation: null,
  paidAt: null,
  version: 3,
  invoices: [],
  quote: null,
  creditNotes: [],
};

const fact = (term: string) => {
  const card = screen.getByRole('article', { name: placed.orderNumber });
  const dt = within(card).queryByText(term, { selector: 'dt' });
  return dt?.nextElementSibling?.textContent ?? null;
};

const renderCard = (order: OrderView) =>
  render(
    <MemoryRouter>
      <OrderCard order={order} onRepeat={() => undefined} repeating={false} onDownloadInvoice={() => Promise.resolve()} />
    </MemoryRouter>,
  );

describe('OrderCard after the order desk moved the order', () => {
  it('shows the status the desk set, with the carrier and tracking number once shipped', () => {
    renderCard({ ...placed, status: 'Shipped', shipment: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', shippedAt: '2026-11-24T10:00:00.000Z' }, version: 6 });
    expect(fact('Status')).toBe('Shipped');
    expect(fact('Tracking')).toBe('UPS 1Z999AA10123456784');
    expect(fact('Cancelled because')).toBeNull();
  });

  it('shows why a cancelled order was cancelled, and no tracking', () => {
    renderCard({ ...placed, status: 'Cancelled', cancellation: { reason: 'Out of stock until March', cancelledAt: '2026-11-24T10:00:00.000Z' } });
    expect(fact('Status')).toBe('Cancelled');
    expect(fact('Cancelled because')).toBe('Out of stock until March');
    expect(fact('Tracking')).toBeNull();
  });

  it('shows an order the desk has not touched as the customer left it', () => {
    renderCard(placed);
    expect(fact('Status')).toBe('PO received');
    expect(fact('Tracking')).toBeNull();
  });
});
