// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast/toast-provider.tsx';
import { queryKeys } from '@/lib/query-keys.ts';
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
});

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
