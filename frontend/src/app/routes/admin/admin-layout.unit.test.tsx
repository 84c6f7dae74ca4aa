// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffSession } from '@labshop/contracts/admins/back-office';
import { adminLoggedIn, adminSessionSlice } from '@/lib/admin-session.ts';
import { tabSessionsSlice } from '@/lib/tab-sessions.ts';
import { serveHttp } from '@/testing/serve-http.ts';
import { AdminLayout } from './admin-layout.tsx';
import { backOfficeSections, sectionsAllowed } from './back-office-nav.tsx';

beforeAll(() => {
  // jsdom has no modal dialogs: open and close the element as the browser would.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const member = (permissions: StaffSession['permissions']): StaffSession => ({
  id: 'a-1',
  email: 'owner@example.com',
  role: 'admin',
  permissions,
});

function renderShell(session: StaffSession, path = '/admin/orders') {
  serveHttp({ 'GET /api/admin/session': { body: session } });
  const store = configureStore({
    reducer: { adminSession: adminSessionSlice.reducer, tabSessions: tabSessionsSlice.reducer },
  });
  store.dispatch(adminLoggedIn({ token: 'token' }));
  const router = createMemoryRouter(
    [
      {
        element: <AdminLayout />,
        children: [
          { path: 'admin', element: <h1>Dashboard</h1> },
          { path: 'admin/orders', element: <h1>Orders and quotes</h1> },
        ],
      },
      { path: 'admin/login', element: <h1>Log in</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={store}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  );
  return router;
}

const linksOf = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the back office shell', () => {
  it('gives every section of the sidebar the permission it needs', () => {
    const entries = backOfficeSections.flatMap((group) => group.entries);
    expect(entries.filter((entry) => entry.permission === null).map((entry) => entry.label)).toEqual(['Dashboard']);
    expect(sectionsAllowed([]).map((group) => group.label)).toEqual([null]);
  });

  it("shows the sections the member's permissions allow, grouped by job, with who is signed in and no storefront header", async () => {
    renderShell(member(['orders', 'inbox']));
    const sidebar = screen.getAllByRole('navigation', { name: 'Back office' })[0]!;
    await within(sidebar).findByRole('link', { name: 'Inbox' });
    expect(linksOf(sidebar)).toEqual(['Dashboard', 'Orders and quotes', 'Inbox']);
    expect(
      within(sidebar)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Orders and fulfilment', 'Customers and finance']);
    expect(within(sidebar).getByRole('link', { name: 'Orders and quotes' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('owner@example.com')).toBeTruthy();
    expect(screen.getByText('Admin')).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('shows every section to an admin', async () => {
    renderShell(member(['catalogue', 'orders', 'finance', 'inbox', 'tax-exemptions', 'content', 'audit']));
    const sidebar = screen.getAllByRole('navigation', { name: 'Back office' })[0]!;
    await within(sidebar).findByRole('link', { name: 'Audit log' });
    expect(linksOf(sidebar)).toHaveLength(backOfficeSections.flatMap((group) => group.entries).length);
  });

  it('opens the sections as a drawer from Menu, closes it on the way to a section, and logs out', async () => {
    const router = renderShell(member(['orders']));
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    const drawer = screen.getByRole('dialog', { name: 'Back office' });
    fireEvent.click(await within(drawer).findByRole('link', { name: 'Dashboard' }));
    expect(router.state.location.pathname).toBe('/admin');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(router.state.location.pathname).toBe('/admin/login');
  });
});
