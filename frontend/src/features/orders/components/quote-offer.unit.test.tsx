// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderView } from '@labshop/contracts/orders/queries';
import { ToastProvider } from '@/components/toast/toast-provider.tsx';
import { QuoteOffer } from './quote-offer.tsx';

afterEach(cleanup);

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
  unitPriceCents: 1_100,
  listPriceCents: 1_250,
  discountPercent: 0,
  lineTotalCents: 4_400,
};
const quoted = {
  orderId: '5f0e8a6e-1c1b-4c53-9a55-0d3f4a3b2c11',
  orderNumber: 'LUM2311202600043',
  status: 'Quoted',
  version: 3,
  quote: {
    lines: [line],
    subtotalCents: 4_400,
    taxCents: 445,
    totalCents: 4_845,
    expiresAt: '2026-12-01T05:00:00.000Z',
    sentAt: '2026-11-24T15:00:00.000Z',
    revision: 2,
    acceptedAt: null,
    declined: null,
  },
  payment: { kind: 'quote', company: 'Lee Labs', name: 'Ann Lee', poNumber: 'PO-REQ-1' },
  taxState: 'LA',
  taxRateBasisPoints: 1012,
  taxExemptNumber: null,
} as unknown as OrderView;

const renderOffer = (order: OrderView, now: Date) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <QuoteOffer order={order} now={now} />
      </ToastProvider>
    </QueryClientProvider>,
  );

describe('QuoteOffer in My Quotes', () => {
  it('shows the quoted prices, the total and the last day (New York), with Accept until then', () => {
    renderOffer(quoted, new Date('2026-12-01T04:59:00.000Z'));
    expect(screen.getByRole('heading', { name: 'Your quote (revised)' })).toBeTruthy();
    expect(screen.getByRole('row', { name: /TIP-200F Pipette Tips 4 \$11\.00 \$44\.00/ })).toBeTruthy();
    expect(screen.getByTestId('quote-total').textContent).toBe('$48.45');
    expect(screen.getByText('Valid until 30 November, 2026 (end of day, Eastern time).')).toBeTruthy();
    expect(screen.getByRole('row', { name: /Sales tax \(LA 10\.12%\) \$4\.45/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline quote…' })).toBeTruthy();
    // Accepting asks first: the total, and the PO number for the invoice (the request's, to change).
    fireEvent.click(screen.getByRole('button', { name: 'Accept quote…' }));
    const confirm = screen.getByRole('form', { name: 'Confirm acceptance' });
    expect(confirm.textContent).toContain('Accept this quote for $48.45?');
    expect((screen.getByLabelText(/PO Number/) as HTMLInputElement).value).toBe('PO-REQ-1');
    expect(screen.getByRole('button', { name: 'Confirm and place order' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Decline quote…' }));
    expect(screen.getByRole('form', { name: 'Decline the quote' })).toBeTruthy();
    expect(screen.getByLabelText(/Reason \(optional\)/)).toBeTruthy();
  });

  it('keeps an answered quote in My Quotes with its answer', () => {
    const { container, rerender } = renderOffer(
      {
        ...quoted,
        status: 'Quote declined',
        quote: { ...quoted.quote!, declined: { reason: 'Budget cut', declinedAt: '2026-11-25T15:00:00.000Z' } },
      },
      new Date(),
    );
    expect(container.textContent).toBe('You declined this quote on 25 November, 2026. Your reason: Budget cut');
    rerender(
      <QuoteOffer
        order={{
          ...quoted,
          status: 'Confirmed',
          payment: { kind: 'quote', company: '', name: '', poNumber: 'PO-77' },
          quote: { ...quoted.quote!, acceptedAt: '2026-11-26T15:00:00.000Z' },
        }}
      />,
    );
    expect(container.textContent).toBe(
      'You accepted this quote on 26 November, 2026 with PO PO-77: it is an order at the quoted prices.',
    );
  });

  it('offers no Accept once the quote has expired, and says so', () => {
    renderOffer(quoted, new Date('2026-12-01T05:00:00.000Z'));
    expect(screen.getByText('This quote expired on 30 November, 2026. Please request a new quote.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept quote…' })).toBeNull();
  });

  it('says a quote request is being priced, and shows nothing for an order', () => {
    const { container, rerender } = renderOffer({ ...quoted, status: 'Quote requested', quote: null }, new Date());
    expect(container.textContent).toContain('Our sales team is preparing your quote');
    rerender(<QuoteOffer order={{ ...quoted, status: 'Confirmed' }} />);
    expect(container.textContent).toBe('');
  });
});
