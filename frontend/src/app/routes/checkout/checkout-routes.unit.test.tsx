// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartAdopted, cartSlice, emptyCart } from '@/features/cart/cart-slice.ts';
import { startCartSync, type CartSync } from '@/features/cart/cart-sync.ts';
import { checkoutCart, kitLine, placedOrder, shopperAddress } from '@/features/checkout/checkout-test-fixtures.ts';
import { apiClient } from '@/lib/api-client.ts';
import { adminLoggedIn, adminSessionSlice } from '@/lib/admin-session.ts';
import { customerSessionSlice, customerSignedIn, selectCustomerId } from '@/lib/customer-session.ts';
import { renderInShop } from '@/testing/render-in-shop.tsx';
import { refusal, sentTo, serveHttp, type Route as HttpRoute } from '@/testing/serve-http.ts';
import { CustomerAddressRoute } from './customer-address.tsx';
import { CheckoutCustomerRoute } from './order.tsx';
import { PaymentDetailsRoute } from './payment-details.tsx';
import { ShippingMethodRoute } from './shipping-method.tsx';

/** A customer session token as the server signs it; the app reads only its claims. */
const customerToken = (() => {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replaceAll('=', '').replaceAll('+', '-').replaceAll('/', '_');
  return `${part({ alg: 'HS256' })}.${part({ sub: 'c1', role: 'customer', email: 'ida@bayou.example', given_name: 'Ida', family_name: 'Boudreaux', exp: 4_102_444_800 })}.signature`;
})();

const order = placedOrder();
const orderPath = `/api/account/orders/${order.orderId}`;

/** Where checkout leaves for, shown with the message it carried. */
function Arrived({ name }: { name: string }) {
  const state = useLocation().state as { message?: string; notice?: string } | null;
  return <p data-testid="arrived">{[name, state?.message ?? state?.notice].filter(Boolean).join(': ')}</p>;
}

let cartSync: CartSync | undefined;

/** The app's store, its cart sync running as in the app (the cart the customer's when signed in). */
function renderCheckout(path: string, { signedIn = true, admin = false, cart = true } = {}) {
  const store = configureStore({
    reducer: {
      adminSession: adminSessionSlice.reducer,
      customerSession: customerSessionSlice.reducer,
      cart: cartSlice.reducer,
    },
    preloadedState: { cart: emptyCart(signedIn ? 'c1' : null) },
  });
  if (cart) store.dispatch(cartAdopted(checkoutCart()));
  if (signedIn) store.dispatch(customerSignedIn({ token: customerToken, remember: false }));
  if (admin) store.dispatch(adminLoggedIn({ token: 'admin-token' }));
  cartSync = startCartSync({
    store,
    selectCart: (state) => state.cart,
    selectCustomerId: (state) => selectCustomerId(state),
    post: (routePath, body) => apiClient.post(routePath, body),
    get: (routePath) => apiClient.get(routePath),
  });
  renderInShop(
    <Routes>
      <Route path="/order" element={<CheckoutCustomerRoute />} />
      <Route path="/customer-address" element={<CustomerAddressRoute />} />
      <Route path="/shipping-method" element={<ShippingMethodRoute />} />
      <Route path="/payment-details" element={<PaymentDetailsRoute />} />
      <Route path="/order-confirmation/:id" element={<Arrived name="confirmation" />} />
      <Route path="/" element={<Arrived name="home" />} />
    </Routes>,
    { store, path },
  );
  return store;
}

/** A page that fetches before it shows may take more than findBy's 1 s on a busy machine. */
const patience = { timeout: 5_000 };
const arrivedAt = async () => (await screen.findByTestId('arrived', undefined, patience)).textContent;
const currentStep = () =>
  within(screen.getByRole('list', { name: 'Checkout steps' })).getByText(
    (_, element) => element?.getAttribute('aria-current') === 'step',
  ).textContent;
const labelled = (label: string) => new RegExp(`^${label}( \\*)?$`);

/** Opens the Sign in tab, types the credentials and sends them; returns the form. */
/** Types the credentials and, once Sign in can be pressed (as a shopper sees it enable), presses it. */
async function signInWith(email: string, password: string) {
  // Radix's tabs switch on the press (mousedown), as a browser's click begins.
  fireEvent.mouseDown(screen.getByRole('tab', { name: 'Sign in' }));
  const signIn = within(screen.getByRole('form', { name: 'Sign in' }));
  fireEvent.change(signIn.getByLabelText(labelled('Email')), { target: { value: email } });
  fireEvent.change(signIn.getByLabelText(labelled('Password')), { target: { value: password } });
  const button = signIn.getByRole<HTMLButtonElement>('button', { name: 'Sign in' });
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
  return signIn;
}

const shopRoutes: Record<string, HttpRoute> = {
  'GET /api/account/tax-exemption': { body: { exemption: null } },
  'GET /api/catalogue/availability': { body: { details: [{ detailId: 'd1', available: 10 }] } },
  'GET /api/account/cart': { body: checkoutCart() },
  'GET /api/account/address': { body: { ...shopperAddress, billingAddress: null, source: 'last-order' } },
};

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cartSync?.stop();
  cleanup();
  vi.unstubAllGlobals();
});

describe('checkout step 1, customer details', () => {
  it('a shopper not signed in chooses between creating an account and signing in', () => {
    serveHttp({});
    renderCheckout('/order', { signedIn: false });
    expect(currentStep()).toContain('Customer details');
    const tabs = within(screen.getByRole('tablist', { name: 'Create an account or sign in' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Create an account', 'Sign in']);
    expect(screen.getByRole('form', { name: 'Register' })).toBeTruthy();
  });

  it('signing in sends the credentials and goes on to the address', async () => {
    const sent = serveHttp({
      ...shopRoutes,
      'POST /api/auth/login': {
        body: {
          token: customerToken,
          customer: { id: 'c1', email: 'ida@bayou.example', firstName: 'Ida', lastName: 'Boudreaux' },
        },
      },
    });
    renderCheckout('/order', { signedIn: false });
    await signInWith(' ida@bayou.example ', 'secret-1');
    expect(await screen.findByRole('heading', { name: 'Address details' }, patience)).toBeTruthy();
    expect(sentTo(sent, 'POST', '/api/auth/login').map((request) => request.body)).toEqual([
      { email: 'ida@bayou.example', password: 'secret-1', rememberMe: false },
    ]);
  });

  it('a refused sign-in says so and stays', async () => {
    serveHttp({ 'POST /api/auth/login': refusal(401, 'Unauthorized', 'Invalid email or password') });
    renderCheckout('/order', { signedIn: false });
    const signIn = await signInWith('ida@bayou.example', 'wrong-1');
    expect((await signIn.findByRole('alert', undefined, patience)).textContent).toBe('Invalid email or password');
    expect(screen.getByRole('heading', { name: 'Customer details' })).toBeTruthy();
  });

  it('a signed-in customer goes straight to the address; an empty cart goes home', async () => {
    serveHttp(shopRoutes);
    renderCheckout('/order');
    expect(await screen.findByRole('heading', { name: 'Address details' }, patience)).toBeTruthy();
    cleanup();
    renderCheckout('/order', { signedIn: false, cart: false });
    expect(await arrivedAt()).toBe('home');
  });

  it('an admin session cannot check out, and is told so', () => {
    serveHttp({});
    renderCheckout('/order', { signedIn: false, admin: true });
    expect(screen.getByRole('alert').textContent).toMatch(
      /^You are signed in to the back office\. An admin session cannot check out/,
    );
  });
});

describe('checkout steps 2 to 4 as routes', () => {
  it('address, shipping and payment lead one to the next, each saying what the last one saved', async () => {
    const overnight = placedOrder({
      shipping: { method: 'overnight', baseCents: 5_495, dryIceSurchargeCents: 0, costCents: 5_495 },
      taxCents: 1_467,
      totalCents: 15_962,
    });
    let current = order;
    const sent = serveHttp({
      ...shopRoutes,
      'POST /api/account/orders': { status: 201, body: order },
      [`POST ${orderPath}/shipping-method`]: (request) => {
        current = (request.body as { shippingMethod: string }).shippingMethod === 'overnight' ? overnight : order;
        return { body: current };
      },
      [`GET ${orderPath}`]: () => ({ body: current }),
      [`POST ${orderPath}/quote`]: { body: { position: '9' } },
    });
    renderCheckout('/customer-address');
    expect(currentStep()).toContain('Address');
    const address = within(await screen.findByRole('form', { name: 'Shipping address' }, patience));
    expect((address.getByLabelText(labelled('Address')) as HTMLInputElement).value).toBe('7 Levee Rd');
    fireEvent.click(address.getByRole('button', { name: 'Continue to shipping' }));

    expect(
      await screen.findByText(
        'Your order LUM2311202600042 is saved. Please choose how to ship it.',
        undefined,
        patience,
      ),
    ).toBeTruthy();
    expect(currentStep()).toContain('Shipping');
    fireEvent.click(screen.getByRole('radio', { name: /^Overnight/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));

    expect(
      await screen.findByText(
        'Shipping (Overnight) saved for order LUM2311202600042. Please choose how to pay.',
        undefined,
        patience,
      ),
    ).toBeTruthy();
    expect(currentStep()).toContain('Payment');
    const payment = within(screen.getByRole('form', { name: 'Purchase order' }));
    fireEvent.change(payment.getByLabelText(labelled('Name')), { target: { value: 'Ida Boudreaux' } });
    fireEvent.click(payment.getByRole('button', { name: 'Continue Quote' }));
    expect(await arrivedAt()).toBe('confirmation: Your quote request has been sent.');
    // Placed once, at the address step (with the method last chosen); the shipping step only chose the method.
    expect(
      sentTo(sent, 'POST', '/api/account/orders').map(
        (request) => (request.body as { shippingMethod: string }).shippingMethod,
      ),
    ).toEqual(['ground']);
    expect(sentTo(sent, 'POST', `${orderPath}/shipping-method`).map((request) => request.body)).toEqual([
      { shippingMethod: 'overnight' },
    ]);
  });

  it('the address step reads the server cart afresh into the cart slice and orders what it shows, the one cart', async () => {
    // Another device added a line after this tab last read the cart.
    const buffer = { ...kitLine, detailId: 'd2', productName: 'Lysis Buffer', catalogNumber: 'LB-100' };
    let reads = 0;
    const sent = serveHttp({
      ...shopRoutes,
      'POST /api/account/orders': { status: 201, body: order },
      'GET /api/catalogue/availability': {
        body: {
          details: [
            { detailId: 'd1', available: 10 },
            { detailId: 'd2', available: 10 },
          ],
        },
      },
      'GET /api/account/cart': () => ({
        body:
          (reads += 1) === 1 ? { ...checkoutCart(), revision: 1 } : { ...checkoutCart([kitLine, buffer]), revision: 2 },
      }),
    });
    const store = renderCheckout('/customer-address');
    const address = await screen.findByRole('form', { name: 'Shipping address' }, patience);
    expect(screen.getByText(/Lysis Buffer/)).toBeTruthy();
    expect(store.getState().cart.lines.map((line) => line.productName)).toEqual([kitLine.productName, 'Lysis Buffer']);
    fireEvent.click(within(address).getByRole('button', { name: 'Continue to shipping' }));
    await waitFor(() => expect(sentTo(sent, 'POST', '/api/account/orders')).toHaveLength(1));
    expect(sentTo(sent, 'POST', '/api/account/orders')[0]?.body).toMatchObject({
      expectedSubtotalCents: checkoutCart([kitLine, buffer]).subtotalCents,
    });
  });

  it('the address step says so when the saved address cannot be loaded', async () => {
    serveHttp({
      ...shopRoutes,
      'GET /api/account/address': refusal(500, 'InternalServerError', 'The database is away.'),
    });
    renderCheckout('/customer-address');
    expect(await screen.findByText(/^Your order details could not be loaded\./, undefined, patience)).toBeTruthy();
  });

  it('a shipping or payment page for an order that is not there says so', async () => {
    serveHttp({ [`GET ${orderPath}`]: refusal(404, 'NotFound', 'No such order') });
    renderCheckout(`/shipping-method?orderId=${order.orderId}`);
    expect(await screen.findByText('This order was not found.', undefined, patience)).toBeTruthy();
    cleanup();
    renderCheckout(`/payment-details?orderId=${order.orderId}`);
    expect(await screen.findByText('This order was not found.', undefined, patience)).toBeTruthy();
  });

  it('a cancelled order can no longer be paid; a paid one goes to its confirmation', async () => {
    serveHttp({
      [`GET ${orderPath}`]: {
        body: placedOrder({
          status: 'Cancelled',
          cancellation: { reason: 'Duplicate', cancelledAt: '2026-11-23T16:00:00.000Z' },
        }),
      },
    });
    renderCheckout(`/payment-details?orderId=${order.orderId}`);
    expect(
      await screen.findByText('This order was cancelled and can no longer be paid.', undefined, patience),
    ).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();
    serveHttp({
      [`GET ${orderPath}`]: {
        body: placedOrder({
          status: 'Quote requested',
          payment: { kind: 'quote', company: 'Bayou Bio', name: 'Ida Boudreaux', poNumber: '' },
        }),
      },
    });
    renderCheckout(`/payment-details?orderId=${order.orderId}`);
    expect(await arrivedAt()).toBe('confirmation');
  });

  it('a session the server refuses ends, and checkout starts again at sign-in', async () => {
    serveHttp({ ...shopRoutes, 'POST /api/account/orders': refusal(401, 'Unauthorized', 'Session expired') });
    const store = renderCheckout('/customer-address');
    fireEvent.click(
      within(await screen.findByRole('form', { name: 'Shipping address' }, patience)).getByRole('button', {
        name: 'Continue to shipping',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Customer details' }, patience)).toBeTruthy();
    expect(store.getState().customerSession).toMatchObject({ token: null, ended: 'rejected' });
  });
});
