// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuditEntryView } from '@/components/history/audit-entry.tsx';
import type { AuditLogEntry } from '@/lib/audit-log.ts';
import type { TimelineEntry } from '../api/get-desk-order.ts';
import { OrderTimeline, PHONE_TIMELINE_LENGTH } from './order-timeline.tsx';

/** jsdom has no matchMedia: the browser's answer for a window of this width. */
function windowWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(max-width: 600px)' && width <= 600,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const admin = { kind: 'admin', id: 'a1', email: 'desk.admin@labshop.test' } as const;
const timeline: TimelineEntry[] = Array.from({ length: 9 }, (_, index) => ({
  eventId: `e${index}`,
  type: 'OrderNoteAdded',
  at: `2026-11-23T15:0${index}:00.000Z`,
  actor: admin,
  summary: `Step ${index + 1}`,
}));

const created: AuditLogEntry = {
  eventId: 'a1',
  at: '2026-11-23T15:00:00.000Z',
  actor: admin,
  entityType: 'detail',
  entityId: 'd1',
  action: 'detail-created',
  eventType: 'DetailCreated',
  changes: [
    { field: 'productType', before: null, after: 'Filter Tips 200 µl' },
    { field: 'priceCents', before: null, after: 1_250 },
  ],
  ip: null,
  userAgent: null,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the order page and the audit log on a phone', () => {
  it('the order timeline shows the newest few on a phone, all of them after Show all', () => {
    windowWidth(390);
    render(<OrderTimeline timeline={timeline} />);
    const list = screen.getByRole('list', { name: /Everything that happened/ });
    expect(within(list).getAllByRole('listitem')).toHaveLength(PHONE_TIMELINE_LENGTH);
    expect(within(list).getAllByRole('listitem')[0]?.textContent).toContain('Step 9');
    fireEvent.click(screen.getByRole('button', { name: 'Show all 9 events' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(9);
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
  });

  it('the order timeline shows everything on a wide screen', () => {
    windowWidth(1280);
    render(<OrderTimeline timeline={timeline} />);
    expect(
      within(screen.getByRole('list', { name: /Everything that happened/ })).getAllByRole('listitem'),
    ).toHaveLength(9);
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
  });

  it('an audit entry folds its table of fields behind a summary on a phone', () => {
    windowWidth(390);
    const { container } = render(<AuditEntryView entry={created} />, { wrapper: MemoryRouter });
    const fold = container.querySelector('details');
    expect(fold).not.toBeNull();
    expect(fold?.open).toBe(false);
    expect(within(fold as HTMLElement).getByText('Initial values (2 fields)')).toBeTruthy();
    expect(within(fold as HTMLElement).getByRole('table')).toBeTruthy();
  });

  it('an audit entry shows its table of fields open on a wide screen', () => {
    windowWidth(1280);
    const { container } = render(<AuditEntryView entry={created} />, { wrapper: MemoryRouter });
    expect(container.querySelector('details')).toBeNull();
    expect(screen.getByRole('table')).toBeTruthy();
  });
});
