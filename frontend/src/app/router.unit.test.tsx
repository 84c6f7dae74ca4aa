// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminSessionSlice } from '@/lib/admin-session.ts';
import { customerSessionSlice } from '@/lib/customer-session.ts';
import { cartSlice } from '@/features/cart/cart-slice.ts';
import { serveHttp } from '@/testing/serve-http.ts';
import { appRoutes } from './router.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the app router', () => {
  it('shows the site header while a page loaded on demand arrives, then the page, and warns of nothing', async () => {
    serveHttp({});
    const warn = vi.spyOn(console, 'warn');
    const store = configureStore({
      reducer: {
        adminSession: adminSessionSlice.reducer,
        customerSession: customerSessionSlice.reducer,
        cart: cartSlice.reducer,
      },
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <Provider store={store}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={createMemoryRouter(appRoutes, { initialEntries: ['/signin'] })} />
        </QueryClientProvider>
      </Provider>,
    );
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    await screen.findByRole('button', { name: 'Sign in' }, { timeout: 10_000 });
    expect(warn.mock.calls.flat().join('\n')).not.toContain('HydrateFallback');
  });
});
