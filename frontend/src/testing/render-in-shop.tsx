import type { Store } from '@reduxjs/toolkit';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '@/app/query-client.ts';

interface ShopOptions {
  /** The Redux store, for what reads the sessions or the cart. */
  store?: Store;
  /** Where the router starts. */
  path?: string;
}

/** Renders a page or a component as the app does: a fresh query client as the app makes it (no retries), the store when given, a router at `path`. */
export function renderInShop(ui: ReactNode, { store, path = '/' }: ShopOptions = {}) {
  const queryClient = createQueryClient({ retry: false });
  const page = (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>
  );
  return render(store === undefined ? page : <Provider store={store}>{page}</Provider>);
}
