// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderView } from '@labshop/contracts/orders/queries';
import { ToastProvider } from '@/components/toast/toast-provider.tsx';
import { refusal, sentTo, serveHttp, type Route } from '@/testing/serve-http.ts';
import { QuoteOffer } from './quote-offer.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

describe('answering a quote in My Quotes', () => {
  const acceptPath = `/api/account/orders/${quoted.orderId}/accept-quote`;
  const declinePath = `/api/account/orders/${quoted.orderId}/decline-quote`;
  const beforeExpiry = new Date('2026-11-30T12:00:00.000Z');
  const answered = { body: { ...quoted, position: '9' } };
  const confirmForm = (name: string) => within(screen.getByRole('form', { name }));

  function openAnswer(step: 'Accept quote…' | 'Decline quote…', routes: Record<string, Route>) {
    const sent = serveHttp({
      'GET /api/account/orders': { body: { orders: [], total: 0, page: 1, pageSize: 10 } },
      ...routes,
    });
    renderOffer(quoted, beforeExpiry);
    fireEvent.click(screen.getByRole('button', { name: step }));
    return sent;
  }

  it('sends the PO number with the version seen, holding the buttons while it goes', async () => {
    let answer: () => void = () => undefined;
    const sent = openAnswer('Accept quote…', {
      [`POST ${acceptPath}`]: () => new Promise((resolve) => (answer = () => resolve(answered))),
    });
    const form = confirmForm('Confirm acceptance');
    fireEvent.change(form.getByLabelText(/PO Number/), { target: { value: 'PO-LL-9' } });
    fireEvent.click(form.getByRole('button', { name: 'Confirm and place order' }));
    const pending = (await form.findByRole('button', { name: 'Accepting…' })) as HTMLButtonElement;
    expect(pending.disabled).toBe(true);
    expect((form.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
    answer();
    expect(await screen.findByText(/^Quote accepted: order LUM2311202600043 is placed/)).toBeTruthy();
    expect(sentTo(sent, 'POST', acceptPath).map((request) => request.body)).toEqual([
      { expectedVersion: 3, poNumber: 'PO-LL-9' },
    ]);
  });

  it('puts the server’s 400 field message beside the PO number, focused, and clears it as the number changes', async () => {
    openAnswer('Accept quote…', {
      [`POST ${acceptPath}`]: refusal(400, 'BadRequest', 'Invalid body', {
        fields: { poNumber: 'PO Number must be at most 50 characters' },
      }),
    });
    const form = confirmForm('Confirm acceptance');
    fireEvent.click(form.getByRole('button', { name: 'Confirm and place order' }));
    expect(await form.findByText('PO Number must be at most 50 characters')).toBeTruthy();
    const poNumber = form.getByLabelText(/PO Number/);
    expect(poNumber.getAttribute('aria-invalid')).toBe('true');
    expect(form.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(poNumber));
    fireEvent.change(poNumber, { target: { value: 'PO-1' } });
    expect(form.queryByText('PO Number must be at most 50 characters')).toBeNull();
  });

  it('says the server’s refusal of a decline (a quote revised meanwhile) in the form, and the button comes back', async () => {
    const sent = openAnswer('Decline quote…', {
      [`POST ${declinePath}`]: refusal(409, 'Conflict', 'The quote was revised; please read it again'),
    });
    const form = confirmForm('Decline the quote');
    fireEvent.change(form.getByLabelText(/Reason/), { target: { value: '  Budget cut ' } });
    fireEvent.click(form.getByRole('button', { name: 'Decline quote' }));
    expect((await form.findByRole('alert')).textContent).toBe('The quote was revised; please read it again');
    expect((form.getByRole('button', { name: 'Decline quote' }) as HTMLButtonElement).disabled).toBe(false);
    expect(sentTo(sent, 'POST', declinePath).map((request) => request.body)).toEqual([
      { expectedVersion: 3, reason: 'Budget cut' },
    ]);
  });
});
