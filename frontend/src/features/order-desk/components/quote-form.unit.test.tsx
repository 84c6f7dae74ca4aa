// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast/toast-provider.tsx';
import { renderInShop } from '@/testing/render-in-shop.tsx';
import { refusal, sentTo, serveHttp, type Route } from '@/testing/serve-http.ts';
import type { DeskOrder } from '../api/get-desk-order.ts';
import { HistoryPanel } from '@/components/history/history-panel.tsx';
import { QuotePanel } from './quote-form.tsx';

const orderId = '5f0e8a6e-1c1b-4c53-9a55-0d3f4a3b2c10';
const quotePath = `/api/admin/orders/${orderId}/quote`;
const line = (detailId: string, productName: string, unitPriceCents: number) => ({
  detailId,
  subproductId: 's1',
  productName,
  productType: 'Filter Tips 200 µl',
  packSize: null,
  catalogNumber: `CAT-${detailId}`,
  innerPackageId: '',
  imageUrl: null,
  productPath: '/product?x',
  quantity: 4,
  unitPriceCents,
  listPriceCents: unitPriceCents,
  discountPercent: 0,
  lineTotalCents: 4 * unitPriceCents,
});

const quoteRequested = {
  orderId,
  orderNumber: 'LUM2311202600042',
  status: 'Quote requested',
  lines: [line('d1', 'Pipette Tips', 1_250), line('d2', 'Petri Dishes', 900)],
  quote: null,
  version: 3,
} as unknown as DeskOrder;

const form = () => within(screen.getByRole('form', { name: 'Send quote' }));
const priceOf = (name: string) => form().getByLabelText(new RegExp(`^Unit price \\(USD\\), CAT-\\w+ ${name}`));
const validUntil = () => form().getByLabelText(/^Valid until/);
const send = () => fireEvent.click(form().getByRole('button', { name: 'Send quote' }));
/** Time for a click that should send nothing to have sent it, were it going to. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 100));

function renderPanel(route: Route) {
  const sent = serveHttp({ [`POST ${quotePath}`]: route });
  renderInShop(
    <ToastProvider>
      <QuotePanel order={quoteRequested} />
    </ToastProvider>,
  );
  return sent;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the order desk’s quote form', () => {
  it('refuses a price that is no dollar amount and an empty last day, beside each, focused, and sends nothing', async () => {
    const sent = renderPanel({ body: { position: '1' } });
    fireEvent.change(priceOf('Petri Dishes'), { target: { value: 'twelve' } });
    fireEvent.change(validUntil(), { target: { value: '' } });
    send();
    expect(await form().findByText('Unit price must be an amount in dollars, e.g. 12.50')).toBeTruthy();
    expect(form().getByText('Valid until is required')).toBeTruthy();
    expect(priceOf('Pipette Tips').getAttribute('aria-invalid')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(priceOf('Petri Dishes')));
    await settled();
    expect(sentTo(sent, 'POST', quotePath)).toHaveLength(0);
  });

  it('says a negative price cannot be negative (it is an amount, just not one a quote can hold)', async () => {
    const sent = renderPanel({ body: { position: '1' } });
    fireEvent.change(priceOf('Petri Dishes'), { target: { value: '-5' } });
    send();
    expect(await form().findByText('Unit price cannot be negative')).toBeTruthy();
    await settled();
    expect(sentTo(sent, 'POST', quotePath)).toHaveLength(0);
  });

  it('shows the quote it sent in the order’s History panel at once, not "No history" (every command reads the log again)', async () => {
    let quoted = false;
    const entry = {
      eventId: 'e1',
      at: '2026-12-07T15:00:00.000Z',
      actor: { kind: 'admin', id: 'a1', email: 'ann@lab.test' },
      entityType: 'order',
      entityId: orderId,
      action: 'quote-sent',
      eventType: 'QuoteSent',
      changes: [],
      ip: null,
      userAgent: null,
    };
    serveHttp({
      [`POST ${quotePath}`]: () => {
        quoted = true;
        return { body: { position: '00000001' } };
      },
      'GET /api/admin/audit': () => ({
        body: { entries: quoted ? [entry] : [], total: quoted ? 1 : 0, page: 1, pageSize: 20 },
      }),
    });
    renderInShop(
      <ToastProvider>
        <QuotePanel order={quoteRequested} />
        <HistoryPanel entityType="order" entityId={orderId} itemName="Quote LUM2311202600042" />
      </ToastProvider>,
    );
    expect(await screen.findByText('No history for this item yet.')).toBeTruthy();
    send();
    expect(await screen.findByRole('list', { name: 'Changes to Quote LUM2311202600042, newest first' })).toBeTruthy();
  });

  it('puts the server’s 400 field message on its line’s price', async () => {
    renderPanel(
      refusal(400, 'BadRequest', 'Invalid body', { fields: { 'unitPricesCents.1': 'Unit price is too large' } }),
    );
    send();
    expect(await form().findByText('Unit price is too large')).toBeTruthy();
    expect(priceOf('Petri Dishes').getAttribute('aria-invalid')).toBe('true');
    expect(form().queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(priceOf('Petri Dishes')));
  });

  it('sends the prices in cents, the last day and the version seen, holding the button while it goes', async () => {
    let answer: () => void = () => undefined;
    const sent = renderPanel(() => new Promise((resolve) => (answer = () => resolve({ body: { position: '1' } }))));
    fireEvent.change(priceOf('Pipette Tips'), { target: { value: '$1,100.5' } });
    fireEvent.change(validUntil(), { target: { value: '2026-12-31' } });
    send();
    expect(((await form().findByRole('button', { name: 'Sending…' })) as HTMLButtonElement).disabled).toBe(true);
    answer();
    await screen.findByText('Quote sent to the customer.');
    expect(sentTo(sent, 'POST', quotePath).map((request) => request.body)).toEqual([
      { expectedVersion: 3, unitPricesCents: [110_050, 900], expiresOn: '2026-12-31' },
    ]);
  });
});
