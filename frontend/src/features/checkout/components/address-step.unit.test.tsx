// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartView } from '@labshop/contracts/carts/queries';
import { renderInShop } from '@/testing/render-in-shop.tsx';
import { refusal, sentTo, serveHttp, type Route } from '@/testing/serve-http.ts';
import { blankBilling, checkoutCart, kitLine, placedOrder, shopperAddress } from '../checkout-test-fixtures.ts';
import { AddressStep } from './address-step.tsx';

const noExemption: Route = { body: { exemption: null } };
const inStock: Route = { body: { details: [{ detailId: 'd1', available: 10 }] } };

function renderStep(cart: CartView = checkoutCart(), address = shopperAddress) {
  const callbacks = { onPlaced: vi.fn(), onRepriced: vi.fn(), onRefused: vi.fn() };
  renderInShop(<AddressStep cart={cart} initialAddress={address} initialBilling={blankBilling} {...callbacks} />);
  return callbacks;
}

const form = () => within(screen.getByRole('form', { name: 'Shipping address' }));
const summaryRow = (label: string | RegExp) =>
  within(screen.getByRole('region', { name: 'Order summary' })).getByRole('rowheader', { name: label })
    .nextElementSibling?.textContent;
const continueButton = () => screen.getByRole('button', { name: 'Continue to shipping' });
/** A field by its label, with or without the required mark (' *'). */
const labelled = (label: string) => new RegExp(`^${label}( \\*)?$`);
const field = (label: string, scope = form()) => scope.getByLabelText(labelled(label));
const type = (label: string, value: string, scope = form()) => {
  const input = field(label, scope);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

/** Time for a click that should send nothing to have sent it, were it going to (a form may validate asynchronously). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 100));

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('checkout step 2, the address', () => {
  it('starts from the saved address and sends it with the cart’s subtotal and Ground when Continue is clicked', async () => {
    const order = placedOrder();
    const sent = serveHttp({
      'GET /api/account/tax-exemption': noExemption,
      'GET /api/catalogue/availability': inStock,
      'POST /api/account/orders': { status: 201, body: order },
    });
    const { onPlaced } = renderStep();
    expect((field('City') as HTMLInputElement).value).toBe('Metairie');
    expect((field('Email') as HTMLInputElement).readOnly).toBe(true);
    fireEvent.click(continueButton());
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(onPlaced.mock.calls[0]?.[0]).toEqual(order);
    const [placed] = sentTo(sent, 'POST', '/api/account/orders');
    expect(placed?.body).toMatchObject({
      address: { ...shopperAddress },
      billingAddress: null,
      shippingMethod: 'ground',
      expectedSubtotalCents: 9_000,
    });
  });

  it('shows the lines and the tax line of the chosen state, shipping still to come', async () => {
    serveHttp({ 'GET /api/account/tax-exemption': noExemption, 'GET /api/catalogue/availability': inStock });
    renderStep();
    expect(summaryRow(/^Exosome Isolation Kits/)).toBe('2');
    expect(summaryRow('Subtotal')).toBe('$90.00');
    expect(summaryRow('Shipping')).toBe('Next step');
    expect(summaryRow('Sales tax (LA 10.12%)')).toBe('$9.11');
    expect(summaryRow('Total')).toBe('$99.11');
    fireEvent.change(field('State'), { target: { value: 'NY' } });
    await waitFor(() => expect(summaryRow(/^Sales tax \(NY /)).not.toBe('$9.11'));
    fireEvent.change(field('State'), { target: { value: '' } });
    await waitFor(() => expect(summaryRow('Sales tax (choose a state)')).toBe('—'));
  });

  it('says what is wrong beside a field left wrong and sends nothing until it is right', async () => {
    const sent = serveHttp({
      'GET /api/account/tax-exemption': noExemption,
      'GET /api/catalogue/availability': inStock,
      'POST /api/account/orders': { status: 201, body: placedOrder() },
    });
    const { onPlaced } = renderStep();
    type('City', '');
    type('Zip code', '701');
    fireEvent.click(continueButton());
    expect(await form().findByText('City is required')).toBeTruthy();
    expect(await form().findByText('Zip code must be 5 digits (or ZIP+4)')).toBeTruthy();
    expect(field('City').getAttribute('aria-invalid')).toBe('true');
    await settled();
    expect(sentTo(sent, 'POST', '/api/account/orders')).toHaveLength(0);
    type('City', 'Metairie');
    type('Zip code', '70001');
    await waitFor(() => expect(form().queryByText('City is required')).toBeNull());
    fireEvent.click(continueButton());
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(sentTo(sent, 'POST', '/api/account/orders')[0]?.body).toMatchObject({
      address: { city: 'Metairie', zipCode: '70001' },
    });
  });

  it('asks for a billing address once "Use this address for the invoice" is unticked, and sends it', async () => {
    const sent = serveHttp({
      'GET /api/account/tax-exemption': noExemption,
      'GET /api/catalogue/availability': inStock,
      'POST /api/account/orders': { status: 201, body: placedOrder() },
    });
    const { onPlaced } = renderStep();
    fireEvent.click(form().getByRole('checkbox', { name: 'Use this address for the invoice' }));
    const billing = within(screen.getByRole('group', { name: 'Billing address' }));
    fireEvent.click(continueButton());
    await settled();
    expect(sentTo(sent, 'POST', '/api/account/orders')).toHaveLength(0);
    const billingAddress = {
      firstName: 'Rhea',
      lastName: 'Ledger',
      email: 'ap@lee.example',
      company: '',
      phone: '5045550100',
      address1: '3 Payable Plaza',
      address2: '',
      city: 'Houma',
      state: 'LA',
      zipCode: '70360',
    };
    for (const [label, value] of [
      ['First name', 'Rhea'],
      ['Last name', 'Ledger'],
      ['Email', 'ap@lee.example'],
      ['Phone number', '5045550100'],
      ['Address', '3 Payable Plaza'],
      ['City', 'Houma'],
      ['Zip code', '70360'],
    ] as const)
      type(label, value, billing);
    fireEvent.change(field('State', billing), { target: { value: 'LA' } });
    fireEvent.click(continueButton());
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(sentTo(sent, 'POST', '/api/account/orders')[0]?.body).toMatchObject({
      address: { useForInvoice: false },
      billingAddress,
    });
  });

  it('shows the server’s field message beside the field it names', async () => {
    serveHttp({
      'GET /api/account/tax-exemption': noExemption,
      'GET /api/catalogue/availability': inStock,
      'POST /api/account/orders': refusal(400, 'BadRequest', 'Invalid order', {
        fields: { 'address.address1': 'Address may not hold control characters' },
      }),
    });
    const { onPlaced } = renderStep();
    fireEvent.click(continueButton());
    expect(await form().findByText('Address may not hold control characters')).toBeTruthy();
    expect(field('Address').getAttribute('aria-invalid')).toBe('true');
    // The first field the server refused takes the focus, so the shopper is at the field to put right.
    await waitFor(() => expect(document.activeElement).toBe(field('Address')));
    expect(form().getByRole('alert').textContent).toBe('Invalid order');
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it('holds the button while the order is on its way, and sends it once', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    const sent = serveHttp({
      'GET /api/account/tax-exemption': noExemption,
      'GET /api/catalogue/availability': inStock,
      'POST /api/account/orders': () => new Promise((resolve) => (answer = resolve)),
    });
    const { onPlaced } = renderStep();
    fireEvent.click(continueButton());
    const saving = await screen.findByRole('button', { name: 'Saving your order…' });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(saving);
    answer({ status: 201, body: placedOrder() });
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(sentTo(sent, 'POST', '/api/account/orders')).toHaveLength(1);
  });

  it('says the order could not be saved when the server fails', async () => {
    serveHttp({
      'GET /api/account/tax-exemption': noExemption,
      'GET /api/catalogue/availability': inStock,
      'POST /api/account/orders': refusal(500, 'InternalServerError', 'boom'),
    });
    renderStep();
    fireEvent.click(continueButton());
    expect((await form().findByRole('alert')).textContent).toBe('Failed to save order. Please try again.');
  });

  it('shows the new prices when the server priced the cart anew, and asks to confirm them', async () => {
    const repriced = checkoutCart([
      { ...kitLine, unitPriceCents: 4_750, previousUnitPriceCents: 4_500, lineTotalCents: 9_500 },
    ]);
    serveHttp({
      'GET /api/account/tax-exemption': noExemption,
      'GET /api/catalogue/availability': inStock,
      'POST /api/account/orders': refusal(409, 'Conflict', 'Prices changed', { details: { cart: repriced } }),
    });
    const { onRepriced, onPlaced } = renderStep();
    fireEvent.click(continueButton());
    const alert = await form().findByRole('alert');
    expect(alert.textContent).toContain('Exosome Isolation Kits (100 ml): $45.00 → $47.50');
    expect(onRepriced.mock.calls[0]?.[0]).toEqual(repriced);
    expect(screen.getByRole('button', { name: 'Confirm new prices and continue' })).toBeTruthy();
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it('hands a refused session back to the app (checkout starts again at sign-in)', async () => {
    serveHttp({
      'GET /api/account/tax-exemption': noExemption,
      'GET /api/catalogue/availability': inStock,
      'POST /api/account/orders': refusal(403, 'Forbidden', 'Admins cannot check out'),
    });
    const { onRefused } = renderStep();
    fireEvent.click(continueButton());
    await waitFor(() => expect(onRefused).toHaveBeenCalled());
    expect(onRefused.mock.calls[0]?.[0]).toMatchObject({ status: 403, message: 'Admins cannot check out' });
  });

  it('will not continue with a line the catalogue no longer sells, and says which', async () => {
    const sent = serveHttp({
      'GET /api/account/tax-exemption': noExemption,
      'GET /api/catalogue/availability': inStock,
      'POST /api/account/orders': { status: 201, body: placedOrder() },
    });
    renderStep(
      checkoutCart([kitLine, { ...kitLine, detailId: 'd2', productName: 'Retired Buffer', available: false }]),
    );
    expect(form().getByRole('alert').textContent).toContain('Retired Buffer can no longer be ordered');
    fireEvent.click(continueButton());
    await settled();
    expect(sentTo(sent, 'POST', '/api/account/orders')).toHaveLength(0);
  });
});
