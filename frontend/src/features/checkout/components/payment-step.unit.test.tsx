// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShop } from '@/testing/render-in-shop.tsx';
import { refusal, sentTo, serveHttp, type Route } from '@/testing/serve-http.ts';
import { placedOrder } from '../checkout-test-fixtures.ts';
import { PaymentStep } from './payment-step.tsx';

const inStock: Route = { body: { details: [{ detailId: 'd1', available: 10 }] } };
const order = placedOrder();
const orderPath = `/api/account/orders/${order.orderId}`;
const nextYear = String(new Date().getFullYear() + 1);

function renderStep() {
  const callbacks = { onDone: vi.fn(), onRefused: vi.fn() };
  renderInShop(<PaymentStep order={order} {...callbacks} />);
  return callbacks;
}

const form = () => within(screen.getByRole('form', { name: 'Purchase order' }));
/** A field by its label, with or without the required mark (' *'). */
const field = (label: string) => form().getByLabelText(new RegExp(`^${label}( \\*)?$`));
const fill = (label: string, value: string) => {
  const input = field(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};
const payButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Continue Payment' });
/** Continue Payment, once it can be pressed: the form hook checks the purchase order before it enables the button. */
async function pay() {
  await waitFor(() => expect(payButton().disabled).toBe(false));
  fireEvent.click(payButton());
}
const quoteButton = () => screen.getByRole('button', { name: 'Continue Quote' });
const summaryRow = (label: string) =>
  within(screen.getByRole('region', { name: 'Order summary' })).getByRole('rowheader', { name: label })
    .nextElementSibling?.textContent;

function fillPurchaseOrder() {
  fill('Company', 'Lee Labs');
  fill('Name', 'Ann Lee');
  fill('PO Number', 'PO-7');
  fill('Card Type', 'visa');
  fill('Card Number', '4111 1111 1111 1111');
  fill('Month', '12');
  fill('Year', nextYear);
  fill('CVV', '123');
}

/** Time for a click that should send nothing to have sent it, were it going to (a form may validate asynchronously). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 100));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('checkout step 4, the payment', () => {
  it('shows the order number and the totals the order recorded', () => {
    serveHttp({ 'GET /api/catalogue/availability': inStock });
    renderStep();
    expect(form().getByText('LUM2311202600042')).toBeTruthy();
    expect(summaryRow('Shipping (Ground)')).toBe('$14.95');
    expect(summaryRow('Sales tax (LA 10.12%)')).toBe('$10.62');
    expect(summaryRow('Total')).toBe('$115.57');
  });

  it('Continue Payment waits for a complete purchase order, then sends it once for this order', async () => {
    const sent = serveHttp({
      'GET /api/catalogue/availability': inStock,
      [`POST ${orderPath}/purchase-order`]: { body: { position: '1' } },
    });
    const { onDone } = renderStep();
    fireEvent.click(payButton());
    await settled();
    expect(sentTo(sent, 'POST', `${orderPath}/purchase-order`)).toHaveLength(0);
    fillPurchaseOrder();
    await pay();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('paid'));
    const requests = sentTo(sent, 'POST', `${orderPath}/purchase-order`);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toMatchObject({
      company: 'Lee Labs',
      name: 'Ann Lee',
      poNumber: 'PO-7',
      cardType: 'visa',
      month: '12',
      year: nextYear,
      cvv: '123',
    });
    expect(String((requests[0]?.body as { cardNumber: string }).cardNumber).replace(/\D/g, '')).toBe(
      '4111111111111111',
    );
  });

  it('says what is wrong beside a field left wrong, and sends nothing', async () => {
    const sent = serveHttp({
      'GET /api/catalogue/availability': inStock,
      [`POST ${orderPath}/purchase-order`]: { body: { position: '1' } },
    });
    const { onDone } = renderStep();
    fill('Card Number', '12');
    fill('CVV', '');
    fill('Card Type', '');
    fireEvent.click(payButton());
    expect(await form().findByText('Invalid card number format')).toBeTruthy();
    expect(await form().findByText('CVV is required')).toBeTruthy();
    expect(await form().findByText('Please select a card type')).toBeTruthy();
    expect(field('Card Number').getAttribute('aria-invalid')).toBe('true');
    await settled();
    expect(sentTo(sent, 'POST', `${orderPath}/purchase-order`)).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('rechecks a card number already left when the card type changes: the brand’s rules read both', async () => {
    serveHttp({ 'GET /api/catalogue/availability': inStock });
    renderStep();
    fill('Card Type', 'visa');
    fill('Card Number', '4111 1111 1111 1111');
    await waitFor(() => expect(field('Card Number').getAttribute('aria-invalid')).toBe('false'));
    fill('Card Type', 'amex');
    await waitFor(() => expect(field('Card Number').getAttribute('aria-invalid')).toBe('true'));
    fill('Card Type', 'visa');
    await waitFor(() => expect(field('Card Number').getAttribute('aria-invalid')).toBe('false'));
  });

  it('Continue Quote sends company, name and PO number only: a quote needs no card', async () => {
    const sent = serveHttp({
      'GET /api/catalogue/availability': inStock,
      [`POST ${orderPath}/quote`]: { body: { position: '1' } },
    });
    const { onDone } = renderStep();
    fill('Company', 'Lee Labs');
    fill('Name', 'Ann Lee');
    fill('PO Number', 'PO-7');
    fill('CVV', '123');
    fireEvent.click(quoteButton());
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('quoted'));
    expect(sentTo(sent, 'POST', `${orderPath}/quote`).map((request) => request.body)).toEqual([
      { company: 'Lee Labs', name: 'Ann Lee', poNumber: 'PO-7' },
    ]);
    expect(sentTo(sent, 'POST', `${orderPath}/purchase-order`)).toHaveLength(0);
  });

  it('shows the server’s field message beside its field and its words above the form', async () => {
    serveHttp({
      'GET /api/catalogue/availability': inStock,
      [`POST ${orderPath}/purchase-order`]: refusal(400, 'BadRequest', 'Card declined', {
        fields: { cardNumber: 'This card number was declined' },
      }),
    });
    const { onDone } = renderStep();
    fillPurchaseOrder();
    await pay();
    expect(await form().findByText('This card number was declined')).toBeTruthy();
    expect(form().getByRole('alert').textContent).toBe('Card declined');
    await waitFor(() => expect(document.activeElement).toBe(field('Card Number')));
    expect(onDone).not.toHaveBeenCalled();
  });

  it('a server failure says the payment failed; a failed quote says so', async () => {
    serveHttp({
      'GET /api/catalogue/availability': inStock,
      [`POST ${orderPath}/purchase-order`]: refusal(500, 'InternalServerError', 'boom'),
      [`POST ${orderPath}/quote`]: refusal(502, 'BadGateway', 'boom'),
    });
    renderStep();
    fillPurchaseOrder();
    await pay();
    expect((await form().findByRole('alert')).textContent).toBe('Payment processing failed');
    fireEvent.click(quoteButton());
    await waitFor(() =>
      expect(form().getByRole('alert').textContent).toBe('The quote request could not be sent. Please try again.'),
    );
  });

  it('hands a refused session back to the app', async () => {
    serveHttp({
      'GET /api/catalogue/availability': inStock,
      [`POST ${orderPath}/quote`]: refusal(403, 'Forbidden', 'Admins cannot check out'),
    });
    const { onRefused, onDone } = renderStep();
    fireEvent.click(quoteButton());
    await waitFor(() => expect(onRefused).toHaveBeenCalled());
    expect(onRefused.mock.calls[0]?.[0]).toMatchObject({ status: 403 });
    expect(onDone).not.toHaveBeenCalled();
  });
});
