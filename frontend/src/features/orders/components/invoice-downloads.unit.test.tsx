// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderView } from '@labshop/contracts/orders/queries';
import { OrderCard } from './order-card.tsx';

afterEach(cleanup);

const order: OrderView = {
  orderId: '5f0e8a6e-1c1b-4c53-9a55-0d3f4a3b2c11',
  orderNumber: 'LUM2311202600043',
  placedAt: '2026-11-23T15:00:00.000Z',
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
  version: 2,
  invoices: [],
  quote: null,
  creditNotes: [],
  receipts: [],
};
const invoice = {
  invoiceNumber: 'INV-LUM2311202600043',
  issuedAt: '2026-11-23T15:00:01.000Z',
  sha256: 'ab'.repeat(32),
  size: 3_141,
};

function renderCard(shown: OrderView, onDownloadInvoice: (order: OrderView, invoiceNumber: string) => Promise<void>) {
  render(
    <MemoryRouter>
      <OrderCard order={shown} onRepeat={() => undefined} repeating={false} onDownloadInvoice={onDownloadInvoice} />
    </MemoryRouter>,
  );
}

describe('Download invoice on My Orders', () => {
  it('is not offered before an invoice is issued', () => {
    renderCard(order, () => Promise.resolve());
    expect(screen.queryByRole('button', { name: /Download invoice/ })).toBeNull();
  });

  it('downloads the issued invoice of this order, saying so while it runs', async () => {
    const asked: string[] = [];
    let finish = () => undefined as void;
    renderCard({ ...order, invoices: [invoice] }, (shown, invoiceNumber) => {
      asked.push(`${shown.orderId} ${invoiceNumber}`);
      return new Promise<void>((resolve) => (finish = resolve));
    });
    const button = screen.getByRole('button', { name: 'Download invoice' });
    expect(button.getAttribute('aria-describedby')).toBe(`order-${order.orderId}-heading`);
    fireEvent.click(button);
    expect(asked).toEqual([`${order.orderId} INV-LUM2311202600043`]);
    expect((await screen.findByRole('button', { name: 'Downloading…' })).hasAttribute('disabled')).toBe(true);
    finish();
    expect((await screen.findByRole('button', { name: 'Download invoice' })).hasAttribute('disabled')).toBe(false);
  });

  it('says what went wrong when the download is refused', async () => {
    renderCard({ ...order, invoices: [invoice] }, () => Promise.reject(new Error('Invoice not found')));
    fireEvent.click(screen.getByRole('button', { name: 'Download invoice' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invoice INV-LUM2311202600043 could not be downloaded. Invoice not found',
    );
  });
});
