// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast/toast-provider.tsx';
import { queryKeys } from '@/lib/query-keys.ts';
import { refusal, sentTo, serveHttp, type Route } from '@/testing/serve-http.ts';
import type { AdminProduct } from '../api/get-admin-products.ts';
import { LEAVE_UNSAVED_ORDER } from '../unsaved-orders.ts';
import { CatalogueManager } from './catalogue-manager.tsx';

const at = '2026-11-01T00:00:00.000Z';
const product = (productId: string, name: string, displayOrder: number): AdminProduct => ({
  productId,
  name,
  visible: true,
  displayOrder,
  createdAt: at,
  updatedAt: at,
  version: 1,
});

function renderManager() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeys.adminCatalogueProducts, [
    product('p1', 'Cell Culture', 0),
    product('p2', 'Lab Consumables', 1),
  ]);
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter>
          <CatalogueManager />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const done = () => screen.getByRole('button', { name: 'Done editing display order' });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const productsPath = '/api/admin/catalogue/products';

/** The manager with its Add product form open; the add answers with `route`. */
function openAddProduct(route: Route) {
  const sent = serveHttp({ [`POST ${productsPath}`]: route, [`GET ${productsPath}`]: { body: [] } });
  renderManager();
  fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
  return sent;
}

const form = () => within(screen.getByRole('form', { name: 'Add product' }));
const nameInput = () => form().getByLabelText('Product name');
/** Time for a click that should send nothing to have sent it, were it going to. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('Done editing display order', () => {
  it('asks before dropping moves not saved, and stays when the admin says no', () => {
    renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Display Order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Lab Consumables up' }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    fireEvent.click(done());
    expect(confirm).toHaveBeenCalledWith(LEAVE_UNSAVED_ORDER);
    expect(done()).toBeTruthy();

    confirm.mockReturnValue(true);
    fireEvent.click(done());
    expect(screen.getByRole('button', { name: 'Edit Display Order' })).toBeTruthy();
  });

  it('leaves without asking when nothing was moved, or the moves were undone', () => {
    renderManager();
    const confirm = vi.spyOn(window, 'confirm');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Display Order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Lab Consumables up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Lab Consumables down' }));
    fireEvent.click(done());
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Edit Display Order' })).toBeTruthy();
  });
});

describe('the catalogue’s name form (Add product)', () => {
  it('refuses a blank name with the command’s words beside the field, focused, and sends nothing', async () => {
    const sent = openAddProduct({ body: { productId: 'p3', position: '1' } });
    fireEvent.change(nameInput(), { target: { value: '   ' } });
    fireEvent.click(form().getByRole('button', { name: 'Save' }));
    expect((await form().findByRole('alert')).textContent).toBe('Product name is required');
    expect(nameInput().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(nameInput()));
    await settled();
    expect(sentTo(sent, 'POST', productsPath)).toHaveLength(0);
  });

  it('puts the server’s 400 name message beside the field until the name changes', async () => {
    openAddProduct(refusal(400, 'BadRequest', 'Invalid body', { fields: { name: 'Product name is taken' } }));
    fireEvent.change(nameInput(), { target: { value: 'Cell Culture' } });
    fireEvent.click(form().getByRole('button', { name: 'Save' }));
    expect((await form().findByRole('alert')).textContent).toBe('Product name is taken');
    expect(nameInput().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(nameInput(), { target: { value: 'Cell Culture 2' } });
    await waitFor(() => expect(form().queryByRole('alert')).toBeNull());
  });

  it('sends the trimmed name and closes', async () => {
    const sent = openAddProduct({ body: { productId: 'p2', position: '1' } });
    fireEvent.change(nameInput(), { target: { value: '  Western Blot ' } });
    fireEvent.click(form().getByRole('button', { name: 'Save' }));
    await screen.findByText('Product “Western Blot” added.');
    expect(sentTo(sent, 'POST', productsPath).map((request) => request.body)).toEqual([{ name: 'Western Blot' }]);
    expect(screen.queryByRole('form', { name: 'Add product' })).toBeNull();
  });
});
