// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartLineView } from '@labshop/contracts/carts/queries';
import { apiClient } from '@/lib/api-client.ts';
import { renderInShop } from '@/testing/render-in-shop.tsx';
import { refusal, sentTo, serveHttp, type Answer, type SentRequest } from '@/testing/serve-http.ts';
import { addLine, removeLine, setLineQuantity, type CartOption } from '../cart-lines.ts';
import { cartAdopted, cartSlice, emptyCart } from '../cart-slice.ts';
import { startCartSync, type CartSync } from '../cart-sync.ts';
import { changeOf, kit, viewOf } from '../cart-test-fixtures.ts';
import { CartPage } from './cart-page.tsx';

const cartId = 'cart-1';
const cartPath = `/api/carts/${cartId}`;
const exoquick = addLine([], kit({ quantity: 2 }))[0]!;
const tips = addLine(
  [],
  kit({
    detailId: 'd2',
    packSize: null,
    productName: 'Pipette Tips',
    productType: 'Filter Tips 200 µl',
    catalogNumber: 'TIP-200F',
    unitPriceCents: 1_250,
  }),
)[0]!;

/**
 * The cart API over HTTP for one anonymous cart: it keeps the lines and their revision, answers a line's change with
 * the CartChange and a refresh with the CartView, and re-prices on refresh.
 */
function serveCart(
  lines: CartLineView[],
  { prices = new Map<string, number>(), refuse = null as Answer | null, available = 100 } = {},
) {
  let current = lines;
  let revision = viewOf(cartId, lines).revision!;
  const view = () => ({ ...viewOf(cartId, current), revision });
  const answer = (next: CartLineView[]) => {
    current = next;
    revision++;
    return { body: view() };
  };
  const change = (next: CartLineView[]) => {
    const body = changeOf(cartId, current, next, revision);
    current = next;
    revision = body.revision!;
    return { body };
  };
  const option = (request: SentRequest) => request.body as CartOption & { quantity?: number };
  return serveHttp({
    [`GET ${cartPath}`]: () => ({ body: view() }),
    [`POST ${cartPath}/refresh`]: () =>
      answer(
        current.map((line) => {
          const price = prices.get(line.detailId);
          return price === undefined
            ? line
            : {
                ...line,
                unitPriceCents: price,
                previousUnitPriceCents: line.unitPriceCents,
                lineTotalCents: price * line.quantity,
              };
        }),
      ),
    [`POST ${cartPath}/items/quantity`]: (request) =>
      refuse ?? change(setLineQuantity(current, option(request), option(request).quantity ?? 0)),
    [`POST ${cartPath}/items/remove`]: (request) => refuse ?? change(removeLine(current, option(request))),
    'GET /api/catalogue/availability': (request) => ({
      body: { details: (request.query.get('detailIds') ?? '').split(',').map((detailId) => ({ detailId, available })) },
    }),
  });
}

let sync: CartSync | undefined;

function renderCart(lines: CartLineView[]) {
  const store = configureStore({
    reducer: { cart: cartSlice.reducer },
    preloadedState: { cart: emptyCart(null, cartId) },
  });
  store.dispatch(cartAdopted(viewOf(cartId, lines)));
  sync = startCartSync({
    store,
    selectCart: (state) => state.cart,
    selectCustomerId: () => null,
    post: (path, body) => apiClient.post(path, body),
    get: (path) => apiClient.get(path),
  });
  renderInShop(
    <Routes>
      <Route path="/cartaction/show" element={<CartPage />} />
      <Route path="/" element={<p>Home page</p>} />
    </Routes>,
    { store, path: '/cartaction/show' },
  );
  return store;
}

const patience = { timeout: 5_000 };
const items = () => within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem');
const summary = (term: string) =>
  within(screen.getByRole('region', { name: 'Order summary' })).getByText(term).nextElementSibling?.textContent;
const lineTotal = (item: HTMLElement) => within(item).getByText('Total').nextElementSibling?.textContent;

afterEach(() => {
  sync?.stop();
  cleanup();
  vi.unstubAllGlobals();
});

describe('the shopping cart', () => {
  it('shows each line with its price and total, the item count and the subtotal', () => {
    serveCart([exoquick, tips]);
    renderCart([exoquick, tips]);
    const [first, second] = items();
    expect(within(first!).getByRole('link', { name: 'Exosome Isolation Kits' })).toBeTruthy();
    expect(first!.textContent).toContain('10 reactions');
    expect(lineTotal(first!)).toBe('$180.00');
    expect(lineTotal(second!)).toBe('$12.50');
    expect(summary('Items')).toBe('3');
    expect(summary('Subtotal')).toBe('$192.50');
    expect(screen.getByText('The shipping costs are calculated after entering the address.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Proceed to checkout' }).getAttribute('href')).toBe('/order');
  });

  it('opening it asks the server for today’s prices and says which changed', async () => {
    const sent = serveCart([exoquick], { prices: new Map([['d1', 9_500]]) });
    renderCart([exoquick]);
    expect(
      await screen.findByText(
        'Exosome Isolation Kits, ExoQuick Kit · 10 reactions: now $95.00 (was $90.00)',
        undefined,
        patience,
      ),
    ).toBeTruthy();
    expect(sentTo(sent, 'POST', `${cartPath}/refresh`)).toHaveLength(1);
    expect(summary('Subtotal')).toBe('$190.00');
  });

  it('names a line whose pack size repeats its product type once, as every order surface does', () => {
    const single = addLine([], kit({ productType: '50 tests', packSize: '50 tests' }))[0]!;
    serveCart([single]);
    renderCart([single]);
    expect(screen.getByRole('button', { name: 'Remove Exosome Isolation Kits, 50 tests from the cart' })).toBeTruthy();
  });

  it('a step of the quantity shows the new total at once and sends the new quantity', async () => {
    const sent = serveCart([exoquick]);
    renderCart([exoquick]);
    fireEvent.click(
      screen.getByRole('button', { name: 'Increase quantity of Exosome Isolation Kits, ExoQuick Kit · 10 reactions' }),
    );
    expect(lineTotal(items()[0]!)).toBe('$270.00');
    expect(summary('Subtotal')).toBe('$270.00');
    await waitFor(
      () =>
        expect(sentTo(sent, 'POST', `${cartPath}/items/quantity`).map((request) => request.body)).toEqual([
          expect.objectContaining({ detailId: 'd1', packSize: '10 reactions', quantity: 3 }),
        ]),
      patience,
    );
  });

  it('removing a line takes it out and sends the removal; the last one leaves for the home page', async () => {
    const sent = serveCart([exoquick, tips]);
    renderCart([exoquick, tips]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Pipette Tips, Filter Tips 200 µl from the cart' }));
    expect(items()).toHaveLength(1);
    expect(summary('Subtotal')).toBe('$180.00');
    await waitFor(
      () =>
        expect(sentTo(sent, 'POST', `${cartPath}/items/remove`).map((request) => request.body)).toEqual([
          expect.objectContaining({ detailId: 'd2', packSize: null }),
        ]),
      patience,
    );
    fireEvent.click(
      screen.getByRole('button', { name: 'Remove Exosome Isolation Kits, ExoQuick Kit · 10 reactions from the cart' }),
    );
    expect(await screen.findByText('Home page', undefined, patience)).toBeTruthy();
  });

  it('a change the server refuses is undone and its reason shown until dismissed', async () => {
    serveCart([exoquick], { refuse: refusal(400, 'BadRequest', 'This product is no longer sold.') });
    renderCart([exoquick]);
    fireEvent.click(screen.getByRole('button', { name: /^Increase quantity of Exosome/ }));
    const alert = await screen.findByRole('alert', undefined, patience);
    expect(alert.textContent).toContain('This product is no longer sold.');
    expect(lineTotal(items()[0]!)).toBe('$180.00');
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a line no longer sold counts for nothing and holds checkout back until removed', () => {
    const retired = { ...tips, available: false };
    serveCart([exoquick, retired]);
    renderCart([exoquick, retired]);
    expect(within(items()[1]!).getByText('No longer available')).toBeTruthy();
    expect(lineTotal(items()[1]!)).toBe('$0.00');
    expect(summary('Subtotal')).toBe('$180.00');
    const proceed = screen.getByRole('button', { name: 'Proceed to checkout' }) as HTMLButtonElement;
    expect(proceed.disabled).toBe(true);
    expect(screen.getByText('Remove the items that are no longer available to proceed to checkout.')).toBeTruthy();
  });

  it('says when a line will be partly on backorder, from the stock available now', async () => {
    serveCart([exoquick], { available: 1 });
    renderCart([exoquick]);
    expect(
      await within(items()[0]!).findByText('Only 1 available now: 1 will be on backorder', undefined, patience),
    ).toBeTruthy();
  });

  it('while the shop cannot be reached, the cart stays on this device and says so', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderCart([exoquick]);
    expect(await screen.findByText(/^We cannot reach the shop right now\./, undefined, patience)).toBeTruthy();
    expect(lineTotal(items()[0]!)).toBe('$180.00');
  });
});
