// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '@/components/toast/toast-provider.tsx';
import { queryKeys } from '@/lib/query-keys.ts';
import type { AdminService } from '../api/get-admin-services.ts';
import { ServiceList } from './service-list.tsx';

afterEach(cleanup);

const service: AdminService = {
  serviceId: 's1',
  heading: 'Exosome isolation',
  category: 'Exosome Services',
  categorySlug: 'exosome-services',
  price: 'From $500',
  order: 1,
  content: '<p>We isolate.</p>',
  // 10 p.m. on 25 November in New York: already the 26th in UTC (this machine's zone).
  createdAt: '2026-11-26T03:00:00.000Z',
  isActive: true,
  updatedAt: '2026-11-26T03:00:00.000Z',
  version: 1,
};

describe('Manage Services', () => {
  it("dates a service on the shop's clock (ET), whatever zone the browser is in", () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    client.setQueryData(queryKeys.adminServices, [service]);
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <ServiceList onEdit={() => {}} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    // The list's own Intl format followed the browser's zone: 'Nov 26, 2026' here.
    expect(screen.getByText('November 25, 2026').getAttribute('datetime')).toBe(service.createdAt);
  });
});
