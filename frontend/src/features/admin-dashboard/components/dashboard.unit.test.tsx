// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardView } from '@labshop/contracts/admins/back-office';
import { renderInShop } from '@/testing/render-in-shop.tsx';
import { serveHttp } from '@/testing/serve-http.ts';
import { Dashboard } from './dashboard.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const figure = (totalCents: number, orders: number, from: string, to: string) => ({ totalCents, orders, from, to });

describe('the dashboard', () => {
  it('links each count to its list with the filter it was counted by, and sets sales against last month', async () => {
    const view: DashboardView = {
      attention: [
        { key: 'ordersToConfirm', count: 3 },
        { key: 'unansweredMessages', count: 0 },
      ],
      sales: {
        today: figure(12_500, 1, '2026-11-25', '2026-11-25'),
        thisMonth: figure(150_000, 9, '2026-11-01', '2026-11-25'),
        lastMonth: figure(120_000, 8, '2026-10-01', '2026-10-31'),
      },
    };
    serveHttp({ 'GET /api/admin/dashboard': { body: view } });
    renderInShop(<Dashboard />);
    const toConfirm = await screen.findByRole('link', { name: '3 Orders to confirm' });
    expect(toConfirm.getAttribute('href')).toBe('/admin/orders?awaiting=confirmation');
    expect(screen.getByRole('link', { name: '0 Unanswered messages' }).getAttribute('href')).toBe(
      '/admin/inbox?status=new',
    );
    // Only the tiles the server counted for this member.
    expect(screen.queryByRole('link', { name: /Certificates to review/ })).toBeNull();
    expect(screen.getByText('$125.00')).toBeTruthy();
    expect(screen.getByText('9 orders · +25% of last month')).toBeTruthy();
    expect(screen.getByText('$1,200.00')).toBeTruthy();
  });
});
