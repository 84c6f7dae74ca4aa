// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderView } from '@labshop/contracts/orders/queries';
import { renderInShop } from '@/testing/render-in-shop.tsx';
import { refusal, sentTo, serveHttp, type Route } from '@/testing/serve-http.ts';
import { placedOrder } from '../checkout-test-fixtures.ts';
import { ShippingStep } from './shipping-step.tsx';

const shippingMethodPath = `/api/account/orders/${placedOrder().orderId}/shipping-method`;
const inStock: Route = { body: { details: [{ detailId: 'd1', available: 10 }] } };

function renderStep(order: OrderView = placedOrder()) {
  const callbacks = { onChosen: vi.fn(), onRefused: vi.fn() };
  renderInShop(<ShippingStep order={order} {...callbacks} />);
  return callbacks;
}

const summaryRow = (label: string | RegExp) =>
  within(screen.getByRole('region', { name: 'Order summary' })).getByRole('rowheader', { name: label })
    .nextElementSibling?.textContent;
const method = (name: RegExp) => screen.getByRole('radio', { name });
const continueButton = () => screen.getByRole('button', { name: 'Continue to payment' });

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('checkout step 3, the shipping method', () => {
  it('offers each method with its cost, the order’s own method chosen', () => {
    serveHttp({ 'GET /api/catalogue/availability': inStock });
    renderStep(
      placedOrder({ shipping: { method: '2-day', baseCents: 2_995, dryIceSurchargeCents: 0, costCents: 2_995 } }),
    );
    const options = screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent);
    expect(options).toEqual([
      'Ground3–5 business days$14.95',
      '2-day2 business days$29.95',
      'OvernightNext business day$54.95',
    ]);
    expect((method(/^2-day/) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('dry-ice-notice')).toBeNull();
  });

  it('the summary follows the method chosen: shipping, the tax on goods and shipping, the total', () => {
    serveHttp({ 'GET /api/catalogue/availability': inStock });
    renderStep();
    expect(summaryRow('Shipping (Ground)')).toBe('$14.95');
    expect(summaryRow('Sales tax (LA 10.12%)')).toBe('$10.62');
    expect(summaryRow('Total')).toBe('$115.57');
    fireEvent.click(method(/^Overnight/));
    expect(summaryRow('Shipping (Overnight)')).toBe('$54.95');
    expect(summaryRow('Sales tax (LA 10.12%)')).toBe('$14.67');
    expect(summaryRow('Total')).toBe('$159.62');
  });

  it('an order holding dry-ice goods adds the surcharge to every method and says so', () => {
    serveHttp({ 'GET /api/catalogue/availability': inStock });
    renderStep(
      placedOrder({ shipping: { method: 'ground', baseCents: 1_495, dryIceSurchargeCents: 3_500, costCents: 4_995 } }),
    );
    expect(method(/^Ground/).closest('label')?.textContent).toContain('$49.95');
    expect(screen.getByTestId('dry-ice-notice').textContent).toContain(
      'a cold-chain surcharge of $35.00, once per order',
    );
  });

  it('Continue sends the chosen method for the placed order, which is not placed again', async () => {
    const order = placedOrder();
    const revised = placedOrder({
      shipping: { method: 'overnight', baseCents: 5_495, dryIceSurchargeCents: 0, costCents: 5_495 },
    });
    const sent = serveHttp({
      'GET /api/catalogue/availability': inStock,
      [`POST ${shippingMethodPath}`]: { body: revised },
    });
    const { onChosen } = renderStep(order);
    fireEvent.click(method(/^Overnight/));
    fireEvent.click(continueButton());
    await waitFor(() => expect(onChosen).toHaveBeenCalled());
    expect(onChosen.mock.calls[0]?.[0]).toEqual(revised);
    expect(sentTo(sent, 'POST', shippingMethodPath).map((request) => request.body)).toEqual([
      { shippingMethod: 'overnight' },
    ]);
    expect(sentTo(sent, 'POST', '/api/account/orders')).toEqual([]);
  });

  it('a refusal shows the server’s words with the way back to the address step', async () => {
    serveHttp({
      'GET /api/catalogue/availability': inStock,
      [`POST ${shippingMethodPath}`]: refusal(409, 'Conflict', 'This checkout was cancelled.'),
    });
    const { onChosen } = renderStep();
    fireEvent.click(continueButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This checkout was cancelled. Back to the address step');
    expect(within(alert).getByRole('link', { name: 'Back to the address step' }).getAttribute('href')).toBe(
      '/customer-address',
    );
    expect(onChosen).not.toHaveBeenCalled();
  });

  it('holds the button while the choice is on its way, and sends it once', async () => {
    let answer: (value: { body: OrderView }) => void = () => {};
    const sent = serveHttp({
      'GET /api/catalogue/availability': inStock,
      [`POST ${shippingMethodPath}`]: () => new Promise((resolve) => (answer = resolve)),
    });
    const { onChosen } = renderStep();
    fireEvent.click(continueButton());
    const saving = await screen.findByRole('button', { name: 'Saving…' });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(saving);
    answer({ body: placedOrder() });
    await waitFor(() => expect(onChosen).toHaveBeenCalled());
    expect(sentTo(sent, 'POST', shippingMethodPath)).toHaveLength(1);
  });

  it('shows the server’s message for the method beside the methods, and puts the focus there', async () => {
    serveHttp({
      'GET /api/catalogue/availability': inStock,
      [`POST ${shippingMethodPath}`]: refusal(400, 'BadRequest', 'Invalid shipping method', {
        fields: { shippingMethod: 'Shipping method must be ground, 2-day or overnight' },
      }),
    });
    const { onChosen } = renderStep();
    fireEvent.click(continueButton());
    const group = within(screen.getByRole('group', { name: 'Shipping method' }));
    expect(await group.findByText('Shipping method must be ground, 2-day or overnight')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(method(/^Ground/)));
    expect(method(/^Ground/).getAttribute('aria-invalid')).toBe('true');
    expect(onChosen).not.toHaveBeenCalled();
  });

  it('a server failure says the method was not saved', async () => {
    serveHttp({
      'GET /api/catalogue/availability': inStock,
      [`POST ${shippingMethodPath}`]: refusal(500, 'InternalServerError', 'boom'),
    });
    renderStep();
    fireEvent.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Failed to save the shipping method\. Please try again\./,
    );
  });

  it('hands a refused session back to the app', async () => {
    serveHttp({
      'GET /api/catalogue/availability': inStock,
      [`POST ${shippingMethodPath}`]: refusal(401, 'Unauthorized', 'Please log in again.'),
    });
    const { onRefused } = renderStep();
    fireEvent.click(continueButton());
    await waitFor(() => expect(onRefused).toHaveBeenCalled());
    expect(onRefused.mock.calls[0]?.[0]).toMatchObject({ status: 401 });
  });

  it('notes a line that will be backordered, from what stock has now', async () => {
    serveHttp({ 'GET /api/catalogue/availability': { body: { details: [{ detailId: 'd1', available: 1 }] } } });
    renderStep();
    expect(
      await within(screen.getByRole('region', { name: 'Order summary' })).findByText(
        'Only 1 available now: 1 will be on backorder',
      ),
    ).toBeTruthy();
  });
});
